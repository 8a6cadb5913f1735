// "We will call you at" and the visitor's number (spec §2): shown in full, but read out by screen
// readers as its last three digits only, so the number is not spoken aloud in a waiting room.
import { FormattedMessage } from "react-intl";
import styles from "./confirmation.module.css";

/** "+1 416-555-0123" → "1 2 3": the last digits, spaced so they are read one by one. */
export function lastDigits(phone: string, count = 3): string {
  return phone.replace(/\D/g, "").slice(-count).split("").join(" ");
}

export function PhoneCallbackLine({ phone }: { phone: string }) {
  return (
    <>
      <dt>
        <FormattedMessage id="Confirmation.call_you" />
      </dt>
      <dd>
        <span aria-hidden="true" className={styles.phoneNumber}>
          {phone}
        </span>
        <span className="visually-hidden">
          <FormattedMessage id="Confirmation.phone_ending" values={{ digits: lastDigits(phone) }} />
        </span>
      </dd>
    </>
  );
}
