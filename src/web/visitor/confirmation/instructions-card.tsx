// The location's instructions (spec §2), shown while the booking is not cancelled: how to find the
// branch, what to bring. Plain text from the vendor, line breaks kept.
import { useId } from "react";
import { FormattedMessage } from "react-intl";
import styles from "./confirmation.module.css";

export function InstructionsCard({ instructions }: { instructions: string }) {
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        <FormattedMessage id="Confirmation.instructions_title" />
      </h2>
      <p className={`${styles.text} ${styles.preLine}`}>{instructions}</p>
    </section>
  );
}
