// The signed-in staff member (name and role) with the way out: sign out of this device, or of
// every device at once. React Aria's menu gives the keyboard and screen-reader behaviour.
import { useState } from "react";
import { Button, type Key, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
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
  const [failed, setFailed] = useState(false);
  // Once signed out, the office layout leads to sign-in (see forget-session.ts).
  const signOut = useSignOut();
  const signOutEverywhere = useSignOutEverywhere();

  const onAction = (key: Key) => {
    setFailed(false);
    const mutation = key === "every-device" ? signOutEverywhere : signOut;
    mutation.mutate(undefined, { onError: () => setFailed(true) });
  };

  return (
    <div className={styles.wrapper}>
      <MenuTrigger>
        <Button className={styles.trigger}>
          <span className={styles.avatar} aria-hidden="true">
            {initialsOf(me.user.first_name, me.user.last_name)}
          </span>
          <span className={styles.who}>
            <span className={styles.name}>{me.user.full_name}</span>
            <span className={styles.role}>
              {intl.formatMessage({ id: `Office.role_${me.role.name}` })}
            </span>
          </span>
          <svg className={styles.chevron} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z"
            />
          </svg>
        </Button>
        <Popover placement="bottom end" className={styles.popover}>
          <Menu className={styles.menu} onAction={onAction}>
            <MenuItem id="this-device" className={styles.item}>
              {intl.formatMessage({ id: "Office.sign_out" })}
            </MenuItem>
            <MenuItem id="every-device" className={styles.item}>
              {intl.formatMessage({ id: "Office.sign_out_everywhere" })}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      {failed && (
        <p className={styles.error} role="alert">
          {intl.formatMessage({ id: "Office.sign_out_failed" })}
        </p>
      )}
    </div>
  );
}
