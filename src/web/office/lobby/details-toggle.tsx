// Shows or hides a visitor's details; its state is announced (aria-expanded) and drawn (chevron).
import { useIntl } from "react-intl";
import styles from "./visitor-row.module.css";

type Props = { open: boolean; controls: string; onToggle: () => void };

export function DetailsToggle({ open, controls, onToggle }: Props) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className={styles.detailsToggle}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={onToggle}
    >
      {intl.formatMessage({ id: "Office.details" })}
      <svg
        className={open ? styles.chevronOpen : styles.chevron}
        viewBox="0 0 20 20"
        aria-hidden="true"
        focusable="false"
      >
        <path
          fill="currentColor"
          d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z"
        />
      </svg>
    </button>
  );
}
