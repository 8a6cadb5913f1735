// The front desk's add-walk-in form: the visitor form's fields under the visitor form's rules (the
// shared join schema), checked here before sending and by the server after, with every refusal
// shown beside its field and the first one focused.
import { useEffect, useRef } from "react";
import { type FieldPath, FormProvider, useForm } from "react-hook-form";
import { useIntl } from "react-intl";
import { FULFILLMENT_METHODS, MEETING_METHODS } from "../../../shared/domain.ts";
import { familyNameFirst } from "../../../shared/locale.ts";
import { newIdempotencyKey } from "../../api/idempotency-key.ts";
import { useLocations } from "../../api/locations.ts";
import { useAddWalkIn } from "../../api/office/add-walk-in.ts";
import type { LobbyEntry } from "../../api/office/location-queue.ts";
import { useWalkInQuestions } from "../../api/office/walk-in-questions.ts";
import type { ServiceOption } from "../../api/office/walk-in-services.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import dialogStyles from "../../ui/modal-dialog.module.css";
import { describeError } from "../forms/describe-error.ts";
import { submitWalkIn } from "./submit-walk-in.ts";
import { WalkInCarFields } from "./walk-in-car-fields.tsx";
import { WalkInContactFields } from "./walk-in-contact-fields.tsx";
import styles from "./walk-in-form.module.css";
import { contactOptionsOf, meetingMethodsAt } from "./walk-in-join-context.ts";
import { WalkInQuestionField } from "./walk-in-question-field.tsx";
import { answerField, emptyWalkIn, type WalkInValues } from "./walk-in-values.ts";
import { WalkInVisitFields } from "./walk-in-visit-fields.tsx";

type Props = {
  locationId: string;
  services: readonly ServiceOption[];
  onAdded: (entry: LobbyEntry) => void;
  onCancel: () => void;
};

export function WalkInForm({ locationId, services, onAdded, onCancel }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const vendor = useCurrentVendor().attributes;
  const location = useLocations().data?.find((candidate) => candidate.id === locationId);
  const methodsHere = meetingMethodsAt(vendor, location);
  const addWalkIn = useAddWalkIn();
  // A resend of the same form (after a timeout, say) reuses its key, so the visitor is added once.
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const form = useForm<WalkInValues>({
    defaultValues: {
      ...emptyWalkIn(vendor?.languages.default ?? "en"),
      service_id: services.length === 1 ? services[0]!.id : "",
      meeting_method: String(
        methodsHere[0] ?? MEETING_METHODS.in_person,
      ) as WalkInValues["meeting_method"],
    },
  });
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const serviceId = watch("service_id") || null;
  const inPerson = Number(watch("meeting_method")) === MEETING_METHODS.in_person;
  const service = services.find((option) => option.id === serviceId) ?? null;
  // The service names the meeting methods it is offered by, as the location does.
  const methods = service
    ? methodsHere.filter((method) => service.meetingMethods.includes(method))
    : methodsHere;
  const method = watch("meeting_method");
  useEffect(() => {
    const first = methods[0];
    if (first !== undefined && !(methods as number[]).includes(Number(method))) {
      setValue("meeting_method", String(first) as WalkInValues["meeting_method"]);
    }
  }, [methods, method, setValue]);
  const questions = useWalkInQuestions(serviceId).data ?? [];
  const choosesFulfillment = Boolean(
    inPerson && service?.supportsWalkin && service.supportsCurbsidePickup,
  );
  const curbside = inPerson && Number(watch("fulfillment_method")) === FULFILLMENT_METHODS.curbside;

  // The service forces the fulfillment when it allows one only (spec §4 Form flow).
  useEffect(() => {
    if (!service) return;
    if (!inPerson || !service.supportsCurbsidePickup) setValue("fulfillment_method", "1");
    else if (!service.supportsWalkin) setValue("fulfillment_method", "2");
  }, [service, inPerson, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    if (!service) {
      setError("service_id", { message: t("Errors.required") }, { shouldFocus: true });
      return;
    }
    const entry = await submitWalkIn({
      values,
      service,
      questions,
      vendor,
      send: (document) => {
        const body = JSON.stringify(document);
        if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
        return addWalkIn.mutateAsync({ locationId, document, idempotencyKey: attempt.current.key });
      },
      refuse: (field, message, focus) =>
        setError(field as FieldPath<WalkInValues>, { message }, { shouldFocus: focus }),
      // a rule's message is a catalog id; anything else reads as "not valid"
      say: (id) => t(id in intl.messages ? id : "Errors.invalid_value"),
      describe: (error) => describeError(intl, error),
    });
    if (entry) onAdded(entry);
  });

  // Family name first where it is written first (Korean, Chinese).
  const given = (
    <Field key="first" label={t("Office.first_name")} error={errors.first_name?.message} required>
      {(control) => (
        <input
          {...control}
          {...register("first_name")}
          className={controls.input}
          autoComplete="off"
        />
      )}
    </Field>
  );
  const family = (
    <Field key="last" label={t("Office.last_name")} error={errors.last_name?.message} required>
      {(control) => (
        <input
          {...control}
          {...register("last_name")}
          className={controls.input}
          autoComplete="off"
        />
      )}
    </Field>
  );
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        {errors.root?.message && (
          <p className={controls.alert} role="alert">
            {errors.root.message}
          </p>
        )}
        <WalkInVisitFields
          services={services}
          methods={methods}
          choosesFulfillment={choosesFulfillment}
        />
        <div className={styles.grid}>
          {familyNameFirst(intl.locale) ? [family, given] : [given, family]}
        </div>
        <WalkInContactFields
          contact={contactOptionsOf(vendor)}
          smsOffered={vendor?.client_view.sms_notifications ?? true}
        />
        {curbside && <WalkInCarFields />}
        {questions.map((question) => (
          <WalkInQuestionField
            key={question.id}
            question={question}
            register={register}
            error={errors.answers?.[answerField(question.id)]?.message}
          />
        ))}
        {contactOptionsOf(vendor).notes !== "hidden" && (
          <Field
            label={t("Office.visit_notes")}
            error={errors.notes?.message}
            required={contactOptionsOf(vendor).notes === "required"}
            markOptional
          >
            {(control) => (
              <textarea {...control} {...register("notes")} className={controls.input} rows={3} />
            )}
          </Field>
        )}
        <div className={dialogStyles.buttons}>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={onCancel}
          >
            {t("Office.cancel")}
          </button>
          <button
            type="submit"
            className={`${controls.button} ${controls.primary}`}
            aria-disabled={isSubmitting || undefined}
          >
            {t("Office.add_to_line")}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
