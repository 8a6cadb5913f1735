// How the appointment is held (spec §4 booking meeting methods), asked on the time step when the
// service at this location is offered more than one way: in person, by phone or by video. The
// times follow the choice, which is kept in the address (meeting_method).
import { useId } from "react";
import { FormattedMessage } from "react-intl";
import { BOOKING_MEETING_METHODS } from "../../../shared/domain.ts";
import styles from "./booking.module.css";
import type { BookingMethod } from "./booking-query.ts";

/** Each method's name (the queue form's words) and what it means for an appointment. */
export const METHOD_WORDS: Record<BookingMethod, { name: string; hint: string }> = {
  [BOOKING_MEETING_METHODS.in_person]: {
    name: "Form.method_in_person",
    hint: "Booking.method_in_person_hint",
  },
  [BOOKING_MEETING_METHODS.phone]: { name: "Form.method_phone", hint: "Booking.method_phone_hint" },
  [BOOKING_MEETING_METHODS.video]: { name: "Form.method_video", hint: "Booking.method_video_hint" },
  [BOOKING_MEETING_METHODS.off_site]: {
    name: "Booking.method_off_site",
    hint: "Booking.method_off_site_hint",
  },
};

type Props = {
  methods: readonly BookingMethod[];
  value: BookingMethod | null;
  onChange: (method: BookingMethod) => void;
};

export function MeetingMethodField({ methods, value, onChange }: Props) {
  const id = useId();
  return (
    <fieldset className={styles.methods}>
      <legend className={styles.legend}>
        <FormattedMessage id="Booking.method_label" />
      </legend>
      {methods.map((method) => (
        // The row is the label; the name names the radio and the line under it describes it.
        <label key={method} className={styles.method}>
          <input
            type="radio"
            name={`${id}-method`}
            value={method}
            checked={method === value}
            aria-labelledby={`${id}-${method}-name`}
            aria-describedby={`${id}-${method}-hint`}
            onChange={() => onChange(method)}
          />
          <span className={styles.choiceText}>
            <span id={`${id}-${method}-name`} className={styles.choiceName}>
              <FormattedMessage id={METHOD_WORDS[method].name} />
            </span>
            <span id={`${id}-${method}-hint`} className={styles.choiceHint}>
              <FormattedMessage id={METHOD_WORDS[method].hint} />
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
