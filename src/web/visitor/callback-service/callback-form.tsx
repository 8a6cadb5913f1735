// The callback / online-queue form (spec §2 "Form sections", in the spec's order; §4 form flow;
// §5 rules). Loaded as its own chunk, in parallel with the location's data it needs.
import { lazy, Suspense, useCallback, useId, useMemo } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FULFILLMENT_METHODS, type Locale, type MeetingMethod } from "../../../shared/domain.ts";
import { contactNeededBeforeQuestions } from "../../../shared/queue/contact-rules.ts";
import { normaliseEmail } from "../../../shared/queue/free-text-rules.ts";
import type { LocationResource } from "../../api/locations.ts";
import type { ServiceOption } from "../../api/queue-appointments-services.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { FormProvider, useWatch } from "../../forms/form-store.ts";
import { WaitTimeLine } from "../wait-time/wait-time-line.tsx";
import type { MeetingMethodChoice as MeetingMethodChoiceOption } from "./callback-availability.ts";
import styles from "./callback-form.module.css";
import { CarDetails } from "./car-details.tsx";
import { ComplianceAgreement } from "./compliance-agreement.tsx";
import { CustomQuestions } from "./custom-questions.tsx";
import { SERVER_ERROR } from "./field-error.tsx";
import type { Requirement } from "./field-label.tsx";
import { FORM_TITLE_ID, FormHeader, formTitleId } from "./form-header.tsx";
import type { CallbackFormValues } from "./form-values.ts";
import { FulfillmentChoice } from "./fulfillment-choice.tsx";
import { contactFields } from "./join-context.ts";
import { MeetingMethodChoice } from "./meeting-method-choice.tsx";
import { NameFields } from "./name-fields.tsx";
import type { CallbackPageQuery } from "./page-query.ts";
import { PhoneField } from "./phone-field.tsx";
import type { ServerFieldError } from "./server-field-errors.ts";
import { ServiceSelect } from "./service-select.tsx";
import { SmsOptIn } from "./sms-opt-in.tsx";
import { SubmitButton } from "./submit-button.tsx";
import { TermsStatement } from "./terms-statement.tsx";
import { TextField } from "./text-field.tsx";
import { loadErrorSnackbar, useCallbackForm } from "./use-callback-form.ts";
import { useJoinSubmission } from "./use-join-submission.ts";

// The office's question preview renders the visitor's own question field, and loads it from here
// (lazily, as the form page does): the field and the form store then stay in the form's chunk
// instead of becoming chunks of their own that every form page would fetch, and pay for, separately.
export { QuestionFieldPreview } from "./question-field.tsx";

type Props = {
  location: LocationResource;
  services: readonly ServiceOption[];
  servicesLoading: boolean;
  query: CallbackPageQuery;
  /** the ways to be served the visitor may choose between, when there is more than one */
  meetingMethods: {
    choices: readonly MeetingMethodChoiceOption[];
    onChoose: (method: MeetingMethod) => void;
  } | null;
};

const shown = (requirement: string) => requirement !== "hidden";
const asRequirement = (requirement: string) =>
  requirement === "required" ? "required" : "optional";

// Only after a failed join; fetched once the form is idle (use-callback-form.ts), so that it is
// there when the network is not.
const ErrorSnackbar = lazy(() => loadErrorSnackbar().then((m) => ({ default: m.ErrorSnackbar })));
// Only for vendors that have a pre-booking statement: it brings DOMPurify with it.
const PreBookingStatement = lazy(() =>
  import("./pre-booking-statement.tsx").then((m) => ({ default: m.PreBookingStatement })),
);

export function CallbackForm(props: Props) {
  const { location, services, servicesLoading, query, meetingMethods } = props;
  const intl = useIntl();
  const vendor = useCurrentVendor();
  const settings = vendor.attributes;
  if (!settings) throw new Error("the callback form needs the vendor's settings");
  const { form, questions, allowedFulfillments } = useCallbackForm({
    vendor: settings,
    location,
    services,
    query,
  });
  const [email, phone, fulfillment, accepted] = useWatch({
    control: form.control,
    name: ["email", "cell_phone", "fulfillment_method", "explicit_compliance_agreement"],
  });
  const ids = { terms: useId(), statement: useId() };
  const contact = contactFields(settings, query.meetingMethod, query.kiosk);
  const clientView = settings.client_view;
  const kiosk = query.kiosk;
  const complianceAsked = clientView.explicit_compliance_agreement && !kiosk;
  const statement = clientView.pre_booking_statement?.trim() || null;

  const placement = useMemo(
    () => ({
      locationId: location.id,
      workflowId: query.workflowId,
      bookedThrough: query.bookedThrough,
      mode: query.mode,
      source: query.source,
      tracking: query.tracking,
      lang: intl.locale as Locale,
    }),
    [location.id, query, intl.locale],
  );
  const onFieldErrors = useCallback(
    (errors: ServerFieldError[]) => {
      for (const [index, error] of errors.entries()) {
        form.setError(
          error.field as keyof CallbackFormValues,
          { type: SERVER_ERROR, message: error.message },
          { shouldFocus: index === 0 },
        );
      }
    },
    [form],
  );
  const submission = useJoinSubmission({ placement, query, onFieldErrors });
  const unavailable = submission.submitting || servicesLoading || services.length === 0;
  const blocked =
    unavailable || Boolean(form.formState.errors.notes) || (complianceAsked && !accepted);
  const send = form.handleSubmit((request) =>
    submission.submit(request, form.getValues("service_id")),
  );

  return (
    <section className={styles.card} aria-labelledby={FORM_TITLE_ID}>
      <FormHeader titleId={formTitleId(query.meetingMethod)} location={location} kiosk={kiosk} />
      <FormProvider {...form}>
        <form
          className={styles.form}
          noValidate
          autoComplete={kiosk ? "off" : undefined}
          aria-labelledby={FORM_TITLE_ID}
          onSubmit={(event) => {
            if (unavailable) event.preventDefault();
            else void send(event);
          }}
        >
          {meetingMethods && (
            <MeetingMethodChoice
              choices={meetingMethods.choices}
              value={query.meetingMethod}
              onChange={meetingMethods.onChoose}
            />
          )}
          <ServiceSelect services={services} loading={servicesLoading} />
          {settings.show_wait_time && clientView.show_callback_wait_time && (
            <WaitTimeLine
              loading={servicesLoading}
              expectedStart={location.attributes.expected_start}
            />
          )}
          {allowedFulfillments.length > 1 && <FulfillmentChoice allowed={allowedFulfillments} />}
          <NameFields autoComplete={!kiosk} />
          {contact.eitherContact ? (
            <fieldset className={styles.group}>
              <legend className={styles.label}>
                <FormattedMessage id="Form.email_or_phone" />
              </legend>
              {/* the form's own column and spacing, for the two fields under one legend */}
              <div className={`${styles.groupBody} ${styles.form}`}>
                <EmailField requirement={null} kiosk={kiosk} />
                <PhoneField requirement={null} autoComplete={!kiosk} />
              </div>
            </fieldset>
          ) : (
            <>
              {shown(contact.email) && (
                <EmailField requirement={asRequirement(contact.email)} kiosk={kiosk} />
              )}
              {shown(contact.phone) && (
                <PhoneField requirement={asRequirement(contact.phone)} autoComplete={!kiosk} />
              )}
            </>
          )}
          {shown(contact.sms) && <SmsOptIn required={contact.sms === "required"} />}
          {fulfillment === String(FULFILLMENT_METHODS.curbside) && <CarDetails />}
          <CustomQuestions
            questions={questions}
            contactFirstMessageId={contactNeededBeforeQuestions(settings.callback_contact_options, {
              email: email.trim() !== "",
              cellPhone: phone.trim() !== "",
            })}
          />
          {shown(contact.notes) && (
            <TextField
              name="notes"
              labelId="Form.notes"
              requirement={asRequirement(contact.notes)}
              rows={6}
            />
          )}
          {statement && (
            <Suspense fallback={null}>
              <PreBookingStatement id={ids.statement} html={statement} />
            </Suspense>
          )}
          {!kiosk && <TermsStatement id={ids.terms} />}
          {complianceAsked && (
            <ComplianceAgreement
              statementIds={[statement ? ids.statement : null, ids.terms].filter(
                (id): id is string => id !== null,
              )}
            />
          )}
          <SubmitButton
            meetingMethod={query.meetingMethod}
            submitting={submission.submitting}
            disabled={blocked}
          />
        </form>
      </FormProvider>
      {submission.failure && (
        <Suspense fallback={null}>
          <ErrorSnackbar failure={submission.failure} onDismiss={submission.dismissFailure} />
        </Suspense>
      )}
      <p className="visually-hidden" aria-live="polite">
        {submission.submitting && <FormattedMessage id="Form.submitting" />}
      </p>
    </section>
  );
}

function EmailField({ requirement, kiosk }: { requirement: Requirement | null; kiosk: boolean }) {
  return (
    <TextField
      name="email"
      labelId="Form.email"
      type="email"
      requirement={requirement}
      autoComplete={kiosk ? "off" : "email"}
      normalise={normaliseEmail}
      options={{ deps: ["cell_phone"] }}
    />
  );
}
