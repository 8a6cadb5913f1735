// The front desk's add-walk-in form: the visitor form's fields under the visitor form's rules (the
// shared join schema), checked here before sending and by the server after, with every refusal
// shown beside its field and the first one focused.
import { useEffect } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { useIntl } from "react-intl";
import { FULFILLMENT_METHODS, MEETING_METHODS } from "../../../shared/domain.ts";
import { buildJoinSchema } from "../../../shared/queue/join-schema.ts";
import { ApiError } from "../../api/client.ts";
import { useLocations } from "../../api/locations.ts";
import { useAddWalkIn } from "../../api/office/add-walk-in.ts";
import type { LobbyEntry } from "../../api/office/location-queue.ts";
import { useWalkInQuestions } from "../../api/office/walk-in-questions.ts";
import type { ServiceOption } from "../../api/office/walk-in-services.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { LANGUAGE_NAMES } from "../../i18n/language-names.ts";
import { ChoiceGroup } from "../forms/choice-group.tsx";
import controls from "../forms/controls.module.css";
import { describeError } from "../forms/describe-error.ts";
import { Field } from "../forms/field.tsx";
import dialogStyles from "./dialog-frame.module.css";
import styles from "./walk-in-form.module.css";
import { contactOptionsOf, meetingMethodsAt, walkInJoinContext } from "./walk-in-join-context.ts";
import { WalkInQuestionField } from "./walk-in-question-field.tsx";
import {
  answerField,
  emptyWalkIn,
  fieldOfIssue,
  fieldOfPointer,
  joinInputOf,
  type WalkInValues,
  walkInDocumentOf,
} from "./walk-in-values.ts";

type Props = {
  locationId: string;
  services: readonly ServiceOption[];
  onAdded: (entry: LobbyEntry) => void;
  onCancel: () => void;
};

const METHOD_MESSAGES = {
  1: "Office.method_in_person",
  2: "Office.method_phone",
  3: "Office.method_video",
} as const;

export function WalkInForm({ locationId, services, onAdded, onCancel }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  /** a rule's message is a catalog id; anything else reads as "not valid" */
  const say = (message: string | undefined) =>
    message && message in intl.messages ? t(message) : t("Errors.invalid_value");
  const vendor = useCurrentVendor().attributes;
  const location = useLocations().data?.find((candidate) => candidate.id === locationId);
  const methods = meetingMethodsAt(vendor, location);
  const contact = contactOptionsOf(vendor);
  const addWalkIn = useAddWalkIn();

  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<WalkInValues>({
    defaultValues: {
      ...emptyWalkIn(vendor?.languages.default ?? "en"),
      service_id: services.length === 1 ? services[0]!.id : "",
      meeting_method: String(
        methods[0] ?? MEETING_METHODS.in_person,
      ) as WalkInValues["meeting_method"],
    },
  });
  const serviceId = watch("service_id") || null;
  const meetingMethod = Number(watch("meeting_method"));
  const fulfillment = Number(watch("fulfillment_method"));
  const phone = watch("cell_phone");
  const service = services.find((option) => option.id === serviceId) ?? null;
  const questions = useWalkInQuestions(serviceId).data ?? [];
  const inPerson = meetingMethod === MEETING_METHODS.in_person;
  const choosesFulfillment = Boolean(
    inPerson && service?.supportsWalkin && service.supportsCurbsidePickup,
  );
  const curbside = inPerson && fulfillment === FULFILLMENT_METHODS.curbside;

  // The service forces the fulfillment when it allows one only (spec §4 Form flow).
  useEffect(() => {
    if (!service) return;
    if (!inPerson || !service.supportsCurbsidePickup) setValue("fulfillment_method", "1");
    else if (!service.supportsWalkin) setValue("fulfillment_method", "2");
  }, [service, inPerson, setValue]);

  // Every rule is the shared schema's, checked at once, so all refusals show together.
  const onSubmit = handleSubmit(async (values) => {
    if (!service) {
      setError("service_id", { message: t("Errors.required") }, { shouldFocus: true });
      return;
    }
    const schema = buildJoinSchema(walkInJoinContext(vendor, service, questions));
    const parsed = schema.safeParse(joinInputOf(values, questions));
    const asked = questions.map((question) => Number(question.id));
    if (!parsed.success) {
      parsed.error.issues.forEach((issue, index) => {
        const field = fieldOfIssue(issue.path, asked) ?? "root";
        setError(
          field as FieldPath<WalkInValues>,
          { message: say(issue.message) },
          {
            shouldFocus: index === 0,
          },
        );
      });
      return;
    }
    try {
      const entry = await addWalkIn.mutateAsync({
        locationId,
        document: walkInDocumentOf(values.service_id, values.lang, parsed.data),
      });
      onAdded(entry);
    } catch (error) {
      const sent = parsed.data.answers.map((answer) => answer.question_id);
      const items = error instanceof ApiError ? error.errors : [];
      let placed = false;
      for (const item of items) {
        const field = item.source?.pointer ? fieldOfPointer(item.source.pointer, sent) : null;
        if (!field || !item.detail) continue;
        setError(
          field as FieldPath<WalkInValues>,
          { message: item.detail },
          {
            shouldFocus: !placed,
          },
        );
        placed = true;
      }
      if (!placed) setError("root", { message: describeError(intl, error) });
    }
  });

  const showSms =
    contact.sms_notifications !== "hidden" &&
    (vendor?.client_view.sms_notifications ?? true) &&
    phone.trim() !== "";

  return (
    <form onSubmit={onSubmit} noValidate className={styles.form}>
      {errors.root?.message && (
        <p className={controls.alert} role="alert">
          {errors.root.message}
        </p>
      )}
      <div className={styles.grid}>
        <Field label={t("Office.service")} error={errors.service_id?.message} required>
          {(control) => (
            <select {...control} {...register("service_id")} className={controls.input}>
              <option value="">{t("Office.choose")}</option>
              {services.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("Office.visitor_language")} error={errors.lang?.message}>
          {(control) => (
            <select {...control} {...register("lang")} className={controls.input}>
              {(vendor?.languages.available ?? Object.keys(LANGUAGE_NAMES)).map((code) => (
                <option key={code} value={code} lang={code}>
                  {LANGUAGE_NAMES[code as keyof typeof LANGUAGE_NAMES] ?? code}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {methods.length > 1 && (
        <ChoiceGroup
          legend={t("Office.meeting_method")}
          type="radio"
          inline
          error={errors.meeting_method?.message}
          options={methods.map((method) => ({
            value: String(method),
            label: t(METHOD_MESSAGES[method]),
          }))}
          inputProps={register("meeting_method")}
        />
      )}
      {choosesFulfillment && (
        <ChoiceGroup
          legend={t("Office.fulfillment")}
          type="radio"
          inline
          error={errors.fulfillment_method?.message}
          options={[
            { value: "1", label: t("Office.fulfillment_walk_in") },
            { value: "2", label: t("Office.method_curbside") },
          ]}
          inputProps={register("fulfillment_method")}
        />
      )}
      <div className={styles.grid}>
        <Field label={t("Office.first_name")} error={errors.first_name?.message} required>
          {(control) => (
            <input
              {...control}
              {...register("first_name")}
              className={controls.input}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label={t("Office.last_name")} error={errors.last_name?.message} required>
          {(control) => (
            <input
              {...control}
              {...register("last_name")}
              className={controls.input}
              autoComplete="off"
            />
          )}
        </Field>
        {contact.mobile_phone !== "hidden" || meetingMethod === MEETING_METHODS.phone ? (
          <Field
            label={t("Office.mobile_phone")}
            hint={t("Office.phone_hint")}
            error={errors.cell_phone?.message}
            required={
              contact.mobile_phone === "required" || meetingMethod === MEETING_METHODS.phone
            }
            markOptional
          >
            {(control) => (
              <input
                {...control}
                {...register("cell_phone")}
                className={controls.input}
                type="tel"
                autoComplete="off"
              />
            )}
          </Field>
        ) : null}
        {contact.email !== "hidden" && (
          <Field
            label={t("Office.email")}
            error={errors.email?.message}
            required={contact.email === "required"}
            markOptional
          >
            {(control) => (
              <input
                {...control}
                {...register("email")}
                className={controls.input}
                type="email"
                inputMode="email"
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </Field>
        )}
      </div>
      {showSms &&
        (contact.sms_notifications === "required" ? (
          <p className={styles.note}>{t("Office.sms_required_note")}</p>
        ) : (
          <label className={styles.checkbox}>
            <input type="checkbox" {...register("receive_sms")} />
            {t("Office.sms_opt_in")}
          </label>
        ))}
      {curbside && (
        <fieldset className={styles.car}>
          <legend className={styles.legend}>{t("Office.car")}</legend>
          <div className={styles.grid}>
            {(["colour", "make", "model"] as const).map((part) => (
              <Field
                key={part}
                label={t(`Office.car_${part}`)}
                error={errors.car?.[part]?.message}
                required
              >
                {(control) => (
                  <input
                    {...control}
                    {...register(`car.${part}`)}
                    className={controls.input}
                    autoComplete="off"
                  />
                )}
              </Field>
            ))}
            <Field
              label={t("Office.car_parking_space")}
              error={errors.car?.parking_space?.message}
              markOptional
            >
              {(control) => (
                <input
                  {...control}
                  {...register("car.parking_space")}
                  className={controls.input}
                  autoComplete="off"
                />
              )}
            </Field>
          </div>
        </fieldset>
      )}
      {questions.map((question) => (
        <WalkInQuestionField
          key={question.id}
          question={question}
          register={register}
          error={errors.answers?.[answerField(question.id)]?.message}
        />
      ))}
      {contact.notes !== "hidden" && (
        <Field
          label={t("Office.visit_notes")}
          error={errors.notes?.message}
          required={contact.notes === "required"}
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
  );
}
