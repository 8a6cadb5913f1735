// The frame of one booking step: a way back, the step's heading (focused when the visitor arrives
// from another step, so a screen reader starts there), and the step's body once the flow is
// ready; while it loads a status says so, a step left out passes the visitor on, and where booking
// is not possible a notice replaces the step.
import { type ReactNode, useEffect, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, Navigate, useLocation } from "../../routing/routing.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import styles from "./booking.module.css";
import type { BookingStep } from "./booking-steps.ts";
import { BookingUnavailable } from "./booking-unavailable.tsx";
import { type ReadyFlow, useBookingFlow } from "./use-booking-flow.ts";

type Props = {
  step: BookingStep;
  titleId: string;
  /** a line under the heading */
  lead?: ReactNode;
  /** the step's own way back, where it is not the flow's (a location's details: the list) */
  back?: string | null;
  /** false where the step's body moves focus itself (a location's details: to its name) */
  focusHeading?: boolean;
  children: (flow: ReadyFlow) => ReactNode;
};

export const STEP_TITLE_ID = "booking-step-title";

export function StepPage({ step, titleId, lead, back, focusHeading, children }: Props) {
  const flow = useBookingFlow(step);
  if (flow.status === "redirect") return <Navigate to={flow.to} replace />;
  if (flow.status === "unavailable") return <BookingUnavailable reason={flow.reason} />;
  const backTo = back !== undefined ? back : flow.status === "ready" ? flow.back : null;
  return (
    <StepFrame
      titleId={titleId}
      lead={lead}
      back={backTo}
      focusHeading={focusHeading !== false || flow.status !== "ready"}
    >
      {flow.status === "ready" ? (
        children(flow)
      ) : flow.status === "failed" ? (
        <div className={styles.actions} role="alert">
          <p className={styles.error}>
            <FormattedMessage id="Booking.load_failed" />
          </p>
          <button type="button" className={styles.secondaryButton} onClick={flow.retry}>
            <FormattedMessage id="Common.try_again" />
          </button>
        </div>
      ) : (
        <p className={styles.status} role="status">
          <FormattedMessage id="Booking.loading" />
        </p>
      )}
    </StepFrame>
  );
}

type FrameProps = {
  titleId: string;
  lead?: ReactNode;
  back: string | null;
  focusHeading?: boolean;
  children: ReactNode;
};

export function StepFrame({ titleId, lead, back, focusHeading = true, children }: FrameProps) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: titleId });
  usePageTitle(title);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  // Arriving from another step (not on the first page of the visit), the heading takes focus; a
  // change within the step (a day, the way of meeting) leaves it where the visitor is.
  const arrived = useRef(key !== "default");
  useEffect(() => {
    if (focusHeading && arrived.current) headingRef.current?.focus();
    arrived.current = false;
  }, [focusHeading]);
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={STEP_TITLE_ID}>
        {back && (
          <Link className={styles.back} to={back}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12l6.6-6.6Z" />
            </svg>
            <FormattedMessage id="Booking.back" />
          </Link>
        )}
        <h1 id={STEP_TITLE_ID} ref={headingRef} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        <div className={styles.body}>{children}</div>
      </section>
    </div>
  );
}

/** The chevron at the end of a whole-row choice. */
export function Chevron() {
  return (
    <svg
      className={styles.chevron}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d="M8.6 18.6 10 20l8-8-8-8-1.4 1.4 6.6 6.6-6.6 6.6Z" />
    </svg>
  );
}
