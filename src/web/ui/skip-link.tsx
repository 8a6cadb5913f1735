// "Skip to main content": the first tab stop of every page, visible only when focused (WCAG 2.4.1).
import type { MouseEvent } from "react";
import { FormattedMessage } from "react-intl";
import styles from "./skip-link.module.css";

export function SkipLink({ targetId }: { targetId: string }) {
  // The router owns history, so move focus directly instead of letting the #hash navigate.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView();
  };
  return (
    <a className={styles.skipLink} href={`#${targetId}`} onClick={skip}>
      <FormattedMessage id="Common.skip_to_content" />
    </a>
  );
}
