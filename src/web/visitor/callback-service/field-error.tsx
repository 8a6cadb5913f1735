// A field's error line: always in the page (empty when valid) so screen readers announce a message
// the moment it appears; inputs point at it with aria-describedby.

import { useIntl } from "react-intl";
import type { FieldError as HookFieldError } from "../../forms/form-store.ts";
import styles from "./callback-form.module.css";

/** Errors the server sent are already localised text; the form's own carry catalog ids. */
export const SERVER_ERROR = "server";

export function FieldError({ id, error }: { id: string; error: HookFieldError | undefined }) {
  const intl = useIntl();
  const message = error?.message;
  const text = !message
    ? ""
    : error.type === SERVER_ERROR
      ? message
      : intl.formatMessage({ id: message });
  return (
    <p id={id} className={styles.error} aria-live="polite">
      {text}
    </p>
  );
}

/** aria-describedby from the ids that apply (hints, then the error line). */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter(Boolean);
  return present.length ? present.join(" ") : undefined;
}
