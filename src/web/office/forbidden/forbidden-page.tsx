// /forbidden: where a role lands on a page it may not open (a kiosk account on /lobby). It says
// whose role it is, where the staff member can go instead, and how to switch accounts.
import { useIntl } from "react-intl";
import { useSignOut } from "../../api/office/sign-out.ts";
import { Link } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { pagesFor } from "../shell/back-office-pages.ts";
import { useStaffSession } from "../shell/staff-session.ts";
import styles from "./forbidden-page.module.css";

export function ForbiddenPage() {
  const me = useStaffSession();
  const intl = useIntl();
  const signOut = useSignOut();
  const title = intl.formatMessage({ id: "Office.forbidden_title" });
  usePageTitle(title);
  const pages = pagesFor(me);
  const role = intl.formatMessage({ id: `Office.role_${me.role.name}` });

  return (
    <section className={styles.card} aria-labelledby="forbidden-title">
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a5 5 0 0 1 5 5v3h1a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h1V7a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v3h6V7a3 3 0 0 0-3-3Zm0 9a2 2 0 0 0-1 3.73V18a1 1 0 1 0 2 0v-1.27A2 2 0 0 0 12 13Z"
        />
      </svg>
      <h1 id="forbidden-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.text}>
        {intl.formatMessage(
          { id: "Office.forbidden_text" },
          { role, name: me.user.full_name, strong: (chunks) => <strong>{chunks}</strong> },
        )}
      </p>
      <div className={styles.actions}>
        {pages.map((page) => (
          <Link key={page.path} to={page.path} className={`${controls.button} ${controls.primary}`}>
            {intl.formatMessage(
              { id: "Office.go_to_page" },
              { page: intl.formatMessage({ id: page.labelId }) },
            )}
          </Link>
        ))}
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          onClick={() => signOut.mutate()}
          aria-disabled={signOut.isPending || undefined}
        >
          {intl.formatMessage({ id: "Office.sign_in_as_someone_else" })}
        </button>
      </div>
    </section>
  );
}
