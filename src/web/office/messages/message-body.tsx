// A message's text as staff read it: an email's `[label](url)` links (its buttons in the HTML part)
// shown as the label with the address after it, muted; everything else as written.
import { Fragment, type ReactNode } from "react";
import styles from "./message-body.module.css";

const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

export function MessageBody({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const at = match.index;
    if (at > last) parts.push(text.slice(last, at));
    parts.push(
      <Fragment key={at}>
        {match[1]} <span className={styles.address}>{match[2]}</span>
      </Fragment>,
    );
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
