// How the visitor wants to be served (spec §4 queue meeting methods: in person, phone call, video
// call), asked when the location and the vendor offer more than one way. A way the vendor offers
// but this location does not, or none of its services, stays in the list, unavailable, with the
// reason under it. Choosing one changes the page's link (`meeting_method`), from which the title,
// the services, the contact fields and the button follow; what the visitor typed stays.
import { useId } from "react";
import { FormattedMessage } from "react-intl";
import { MEETING_METHODS, type MeetingMethod } from "../../../shared/domain.ts";
import type { MeetingMethodChoice as Choice } from "./callback-availability.ts";
import styles from "./callback-form.module.css";
import { FieldLabel } from "./field-label.tsx";

const WORDS: Record<MeetingMethod, { name: string; hint: string }> = {
  [MEETING_METHODS.in_person]: {
    name: "Form.method_in_person",
    hint: "Form.method_in_person_hint",
  },
  [MEETING_METHODS.phone]: { name: "Form.method_phone", hint: "Form.method_phone_hint" },
  [MEETING_METHODS.video]: { name: "Form.method_video", hint: "Form.method_video_hint" },
};

const REASONS = {
  location: "Form.method_not_here",
  services: "Form.method_no_services",
} as const;

type Props = {
  choices: readonly Choice[];
  value: MeetingMethod;
  onChange: (method: MeetingMethod) => void;
};

export function MeetingMethodChoice({ choices, value, onChange }: Props) {
  const id = useId();
  return (
    <fieldset className={styles.group}>
      <FieldLabel as="legend" requirement={null}>
        <FormattedMessage id="Form.meeting_method" />
      </FieldLabel>
      <div className={styles.methods}>
        {choices.map(({ method, unavailable }) => {
          const words = WORDS[method];
          // The card is the label, so all of it is a target; the name alone names the radio and
          // the line under it describes it, so a screen reader says each once.
          const nameId = `${id}-${method}-name`;
          const hintId = `${id}-${method}-hint`;
          return (
            <label key={method} className={styles.method}>
              <input
                type="radio"
                name={`${id}-method`}
                value={method}
                checked={method === value}
                disabled={unavailable !== null}
                aria-labelledby={nameId}
                aria-describedby={hintId}
                onChange={() => onChange(method)}
              />
              <span className={styles.methodText}>
                <span id={nameId} className={styles.methodName}>
                  <FormattedMessage id={words.name} />
                </span>
                <span id={hintId} className={styles.methodHint}>
                  <FormattedMessage id={unavailable ? REASONS[unavailable] : words.hint} />
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
