// The signed-in staff member (name and role) with the way out: sign out of this device, or of
// every device at once. A disclosure (a button that shows two more), not an ARIA menu: it needs no
// widget library on every office page, and Tab, Enter and Escape work as everywhere else.
import { useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { useSignOut } from "../../api/office/sign-out.ts";
import { useSignOutEverywhere } from "../../api/office/sign-out-everywhere.ts";
import { useStaffSession } from "./staff-session.ts";
import styles from "./user-menu.module.css";

function initialsOf(first: string, last: string): string {
  return `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase() || "?";
}

export function UserMenu() {
  const me = useStaffSession();
  const intl = useIntl();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // Once signed out, the office layout leads to sign-in (see forget-session.ts).
  const signOut = useSignOut();
  const signOutEverywhere = useSignOutEverywhere();

  // Closes as a menu would: a click or focus elsewhere, or Escape (which gives focus back).
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const run = (mutation: typeof signOut) => {
    setFailed(false);
    mutation.mutate(undefined, { onError: () => setFailed(true) });
  };

  return (
    <div ref={wrapper} className={styles.wrapper}>
      <button
        ref={toggle}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {initialsOf(me.user.first_name, me.user.last_name)}
        </span>
        <span className={styles.who}>
          <span className={styles.name}>{me.user.full_name}</span>
          <span className={styles.role}>
            {intl.formatMessage({ id: `Office.role_${me.role.name}` })}
          </span>
        </span>
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
      {open && (
        <ul id={id} className={styles.popover}>
          <li>
            <button type="button" className={styles.item} onClick={() => run(signOut)}>
              {intl.formatMessage({ id: "Office.sign_out" })}
            </button>
          </li>
          <li>
            <button type="button" className={styles.item} onClick={() => run(signOutEverywhere)}>
              {intl.formatMessage({ id: "Office.sign_out_everywhere" })}
            </button>
          </li>
        </ul>
      )}
      {failed && (
        <p className={styles.error} role="alert">
          {intl.formatMessage({ id: "Office.sign_out_failed" })}
        </p>
      )}
    </div>
  );
}
