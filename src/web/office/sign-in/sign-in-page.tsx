// /sign-in: staff sign in with email and password, then go where they were headed (?next=, a path
// of this site) or to the first page their role may open. Already signed in: straight on.
import { useIntl } from "react-intl";
import { useMe } from "../../api/office/me.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { Link, Navigate, useLocation, useSearchParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { paths } from "../office-paths.ts";
import { officeHome, safeNextPath } from "../shell/back-office-pages.ts";
import { sessionEndFrom } from "../shell/sign-in-state.ts";
import styles from "./auth-card.module.css";
import { SignInForm } from "./sign-in-form.tsx";

const SESSION_END_MESSAGES = {
  "signed-out": "Office.signed_out",
  "signed-out-everywhere": "Office.signed_out_everywhere",
  expired: "Office.session_expired",
} as const;

export function SignInPage() {
  const intl = useIntl();
  const vendor = useCurrentVendor();
  const [searchParams] = useSearchParams();
  const { state } = useLocation();
  const me = useMe();
  const title = intl.formatMessage({ id: "Office.sign_in_title" });
  usePageTitle(title);

  const next = safeNextPath(searchParams.get("next"));
  if (me.data) return <Navigate to={next ?? officeHome(me.data)} replace />;
  const sessionEnd = sessionEndFrom(state);

  return (
    <section className={styles.card} aria-labelledby="sign-in-title">
      <h1 id="sign-in-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.subtitle}>
        {intl.formatMessage({ id: "Office.sign_in_subtitle" }, { vendor: vendor.name })}
      </p>
      {sessionEnd && (
        <p className={controls.notice} role="status">
          {intl.formatMessage({ id: SESSION_END_MESSAGES[sessionEnd] })}
        </p>
      )}
      {next && !sessionEnd && (
        <p className={styles.hint}>{intl.formatMessage({ id: "Office.sign_in_to_continue" })}</p>
      )}
      <SignInForm />
      <p className={styles.footer}>
        <Link to={paths.forgotPassword()}>
          {intl.formatMessage({ id: "Office.forgot_password_link" })}
        </Link>
      </p>
    </section>
  );
}
