// The submit button (spec §4, §5): named for the request, "Sending…" while submitting. It stays
// focusable when it cannot send (aria-disabled), so keyboard and screen-reader users do not lose
// their place; the form ignores a press then.
import { FormattedMessage } from "react-intl";
import { MEETING_METHODS, type MeetingMethod } from "../../../shared/domain.ts";
import styles from "./callback-form.module.css";

const LABELS: Record<MeetingMethod, string> = {
  [MEETING_METHODS.in_person]: "Form.submit_join",
  [MEETING_METHODS.phone]: "Form.submit_phone",
  [MEETING_METHODS.video]: "Form.submit_video",
};

type Props = { meetingMethod: MeetingMethod; submitting: boolean; disabled: boolean };

export function SubmitButton({ meetingMethod, submitting, disabled }: Props) {
  return (
    <button
      type="submit"
      className={styles.submit}
      aria-disabled={disabled || undefined}
      aria-busy={submitting || undefined}
    >
      <FormattedMessage id={submitting ? "Form.submitting" : LABELS[meetingMethod]} />
    </button>
  );
}
