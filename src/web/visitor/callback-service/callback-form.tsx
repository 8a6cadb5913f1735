// The callback / online-queue form (spec §2 "Form sections", in the spec's order; §4 form flow;
// §5 rules). Loaded as its own chunk, in parallel with the location's data it needs.
import { lazy, Suspense, useCallback, useMemo } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FULFILLMENT_METHODS, type Locale, type MeetingMethod } from "../../../shared/domain.ts";
import type { LocationResource } from "../../api/locations.ts";
import type { ServiceOption } from "../../api/queue-appointments-services.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { FormProvider, useWatch } from "../../forms/form-store.ts";
import { WaitTimeLine } from "../wait-time/wait-time-line.tsx";
import type { MeetingMethodChoice as MeetingMethodChoiceOption } from "./callback-availability.ts";
import styles from "./callback-form.module.css";
import { CarDetails } from "./car-details.tsx";
import { SERVER_ERROR } from "./field-error.tsx";
import { FORM_TITLE_ID, FormHeader, formTitleId } from "./form-header.tsx";
import type { CallbackFormValues } from "./form-values.ts";
import { FulfillmentChoice } from "./fulfillment-choice.tsx";
import { MeetingMethodChoice } from "./meeting-method-choice.tsx";
import type { CallbackPageQuery } from "./page-query.ts";
import type { ServerFieldError } from "./server-field-errors.ts";
import { ServiceSelect } from "./service-select.tsx";
import { SubmitButton } from "./submit-button.tsx";
import { loadErrorSnackbar, useCallbackForm } from "./use-callback-form.ts";
import { useJoinSubmission } from "./use-join-submission.ts";
import { VisitorFields } from "./visitor-fields.tsx";

// The appointment booking's details step asks the visitor's own fields by the same rules, and loads
// them from here, for the same reason (visitor/booking/form-parts.ts).
export { FormProvider, useWatch } from "../../forms/form-store.ts";
export { SERVER_ERROR } from "./field-error.tsx";
// The office's question preview renders the visitor's own question field, and loads it from here
// (lazily, as the form page does): the field and the form store then stay in the form's chunk
// instead of becoming chunks of their own that every form page would fetch, and pay for, separately.
export { QuestionFieldPreview } from "./question-field.tsx";
export { serverFieldErrors } from "./server-field-errors.ts";
export { useVisitorForm } from "./use-visitor-form.ts";
export { VisitorFields } from "./visitor-fields.tsx";
export { styles as formStyles };

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

// Only after a failed join; fetched once the form is idle (use-callback-form.ts), so that it is
// there when the network is not.
const ErrorSnackbar = lazy(() => loadErrorSnackbar().then((m) => ({ default: m.ErrorSnackbar })));

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
  const [fulfillment, accepted] = useWatch({
    control: form.control,
    name: ["fulfillment_method", "explicit_compliance_agreement"],
  });
  const clientView = settings.client_view;
  const kiosk = query.kiosk;
  const complianceAsked = clientView.explicit_compliance_agreement && !kiosk;

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
          <VisitorFields
            settings={settings}
            meetingMethod={query.meetingMethod}
            kiosk={kiosk}
            questions={questions}
          >
            {fulfillment === String(FULFILLMENT_METHODS.curbside) && <CarDetails />}
          </VisitorFields>
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
