// Who is coming, on the details step: the summary of the choice, then the queue form's own fields
// and rules (name, email or mobile phone, text messages, the service's questions, notes, the
// vendor's statement, terms and agreement) and "Book appointment". A queue place being turned into
// an appointment fills the form in; a time taken meanwhile offers the nearest free ones.
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Locale } from "../../../shared/domain.ts";
import type { LocationResource } from "../../api/locations.ts";
import type { ServiceOption } from "../../api/queue-appointments-services.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { Link, useNavigate } from "../../routing/routing.tsx";
import type { CallbackFormValues } from "../callback-service/form-values.ts";
import type { ServerFieldError } from "../callback-service/server-field-errors.ts";
import styles from "./booking.module.css";
import { ANY_STAFF, type BookingMethod } from "./booking-query.ts";
import { BookingSummary } from "./booking-summary.tsx";
import { todayIn } from "./calendar-range.ts";
import type { FormParts } from "./form-parts.ts";
import { formatTimeRange } from "./slot-times.ts";
import { rulesMethod, useAttendeeForm } from "./use-attendee-form.ts";
import type { ReadyFlow } from "./use-booking-flow.ts";
import { useBookingSubmission } from "./use-booking-submission.ts";
import { useChosenSlot } from "./use-chosen-slot.ts";

// Only after a failed booking (as on the queue form).
const ErrorSnackbar = lazy(() =>
  import("../callback-service/error-snackbar.tsx").then((m) => ({ default: m.ErrorSnackbar })),
);
// Only once the time was taken meanwhile.
const SlotTakenNotice = lazy(() =>
  import("./slot-taken-notice.tsx").then((m) => ({ default: m.SlotTakenNotice })),
);

export type AttendeeFormProps = {
  /** the queue form's module (form-parts.ts) */
  parts: FormParts;
  flow: ReadyFlow;
  service: ServiceOption;
  location: LocationResource;
  method: BookingMethod;
  start: string;
};

export function AttendeeForm(props: AttendeeFormProps) {
  const { parts, flow, service, location, method, start } = props;
  const { FormProvider, formStyles, useWatch } = parts;
  const intl = useIntl();
  const navigate = useNavigate();
  const settings = useCurrentVendor().attributes;
  if (!settings) throw new Error("the booking form needs the vendor's settings");
  const { context, selection } = flow;
  const kiosk = context.kiosk;
  const timeZone = location.attributes.timezone;
  const { form, questions } = useAttendeeForm(parts, {
    vendor: settings,
    location,
    service,
    method,
    context,
  });
  const chosen = useChosenSlot(selection, method, timeZone);
  const accepted = useWatch({ control: form.control, name: "explicit_compliance_agreement" });
  const [moved, setMoved] = useState<string | null>(null);
  const complianceAsked = settings.client_view.explicit_compliance_agreement && !kiosk;

  const placement = useMemo(
    () => ({
      locationId: location.id,
      serviceId: service.id,
      staffId: selection.staff && selection.staff !== ANY_STAFF ? selection.staff : null,
      meetingMethod: method,
      start,
      attendees: selection.attendees,
      lang: intl.locale as Locale,
      kiosk,
      conversion: context.conversion,
    }),
    [location.id, service.id, selection, method, start, intl.locale, kiosk, context.conversion],
  );
  const onFieldErrors = useCallback(
    (errors: ServerFieldError[]) => {
      for (const [index, error] of errors.entries()) {
        form.setError(
          error.field as keyof CallbackFormValues,
          { type: parts.SERVER_ERROR, message: error.message },
          { shouldFocus: index === 0 },
        );
      }
    },
    [form, parts],
  );
  const submission = useBookingSubmission({
    placement,
    onFieldErrors,
    serverFieldErrors: parts.serverFieldErrors,
  });
  const blocked =
    submission.submitting || Boolean(form.formState.errors.notes) || (complianceAsked && !accepted);
  const send = form.handleSubmit((request) => submission.submit(request));

  return (
    <>
      {context.conversion && (
        <p className={styles.notice}>
          <FormattedMessage id="Booking.conversion_notice" />
        </p>
      )}
      {chosen.gone && !submission.taken && (
        <div className={styles.alert} role="alert">
          <p className={styles.alertTitle}>
            <FormattedMessage id="Booking.time_gone" />
          </p>
          <Link to={flow.hrefTo("timeslot")}>
            <FormattedMessage id="Booking.all_times" />
          </Link>
        </div>
      )}
      <BookingSummary flow={flow} chosen={chosen} timeZone={timeZone} />
      {submission.taken && (
        <Suspense fallback={null}>
          <SlotTakenNotice
            nearest={submission.taken}
            timeZone={timeZone}
            allTimes={flow.hrefTo("timeslot")}
            onChoose={(slot) => {
              submission.clearTaken();
              setMoved(formatTimeRange(slot.start, slot.end, { timeZone, locale: intl.locale }));
              navigate(
                flow.hrefTo("details", {
                  start: slot.start,
                  date: todayIn(timeZone, new Date(slot.start)),
                }),
                { replace: true },
              );
              document.getElementById(SUBMIT_ID)?.focus();
            }}
          />
        </Suspense>
      )}
      <FormProvider {...form}>
        <form
          className={formStyles.form}
          noValidate
          autoComplete={kiosk ? "off" : undefined}
          aria-labelledby={FORM_TITLE_ID}
          onSubmit={(event) => {
            if (submission.submitting) event.preventDefault();
            else void send(event);
          }}
        >
          <h2 id={FORM_TITLE_ID} className={styles.sectionTitle}>
            <FormattedMessage id="Booking.your_details" />
          </h2>
          <parts.VisitorFields
            settings={settings}
            meetingMethod={rulesMethod(method)}
            kiosk={kiosk}
            questions={questions}
            smsLabelId="Booking.sms_opt_in"
          />
          <button
            id={SUBMIT_ID}
            type="submit"
            className={formStyles.submit}
            aria-disabled={blocked || undefined}
            aria-busy={submission.submitting || undefined}
          >
            <FormattedMessage
              id={submission.submitting ? "Booking.booking" : "Booking.book_appointment"}
            />
          </button>
        </form>
      </FormProvider>
      {submission.failure && (
        <Suspense fallback={null}>
          <ErrorSnackbar failure={submission.failure} onDismiss={submission.dismissFailure} />
        </Suspense>
      )}
      <p className="visually-hidden" aria-live="polite">
        {submission.submitting ? (
          <FormattedMessage id="Booking.booking" />
        ) : moved ? (
          <FormattedMessage id="Booking.time_changed" values={{ when: moved }} />
        ) : null}
      </p>
    </>
  );
}

const FORM_TITLE_ID = "booking-details-title";
const SUBMIT_ID = "booking-submit";
