// The frame of every signed-in back-office page: reads GET /me, sends a visitor without a session
// to sign-in (coming back afterwards) and a role without the page to /forbidden, then gives the
// pages the staff member, the realtime connection of their token, and the shell around them.
import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect } from "react";
import { useIntl } from "react-intl";
import { ROLES } from "../../../shared/domain.ts";
import { forgetSession, sessionEndOf } from "../../api/office/forget-session.ts";
import { useMe } from "../../api/office/me.ts";
import { onSessionEnded } from "../../api/office/office-client.ts";
import { RealtimeProvider } from "../../api/realtime/realtime-context.tsx";
import { Navigate, Outlet, useLocation } from "../../routing/routing.tsx";
import { PageErrorBoundary } from "../../ui/page-error-boundary.tsx";
import { SkipLink } from "../../ui/skip-link.tsx";
import { ToastArea } from "../../ui/toast.tsx";
import { paths } from "../office-paths.ts";
import { mayOpen, OFFICE_PAGES, officeHome } from "./back-office-pages.ts";
import { OfficeHeader } from "./office-header.tsx";
import styles from "./office-layout.module.css";
import type { SignInState } from "./sign-in-state.ts";
import { StaffSessionContext } from "./staff-session.ts";

const MAIN_ID = "office-main";

export function OfficeLayout() {
  const me = useMe();
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const intl = useIntl();

  // A 401 on any call means the session ended elsewhere (signed out everywhere, expired, reset).
  useEffect(() => onSessionEnded(() => forgetSession(queryClient, "expired")), [queryClient]);

  if (me.isPending)
    return (
      <p className={styles.status} role="status">
        {intl.formatMessage({ id: "Office.loading" })}
      </p>
    );
  if (me.isError)
    return (
      <div className={styles.status} role="alert">
        <p>{intl.formatMessage({ id: "Office.load_failed" })}</p>
        <button type="button" className={styles.retry} onClick={() => me.refetch()}>
          {intl.formatMessage({ id: "Common.try_again" })}
        </button>
      </div>
    );
  if (!me.data) {
    const end = sessionEndOf(queryClient);
    // Signed out on purpose: no way back to this page. Otherwise (never signed in, or the session
    // ended elsewhere) sign-in leads back here.
    const state: SignInState = { sessionEnd: end ?? null };
    const next = end === "expired" || !end ? `${pathname}${search}` : undefined;
    return <Navigate to={paths.signIn(next)} replace state={state} />;
  }
  if (!mayOpen(me.data, pathname)) {
    // A Kiosk account has no back-office page: wherever it is sent, it runs its kiosk.
    const kiosk = me.data.role.level === ROLES.kiosk;
    return <Navigate to={kiosk ? officeHome(me.data) : paths.forbidden()} replace />;
  }

  const page = OFFICE_PAGES.find((candidate) => candidate.path === pathname);
  return (
    <StaffSessionContext value={me.data}>
      <RealtimeProvider bearerToken={me.data.realtime.token}>
        <div className={styles.shell}>
          <SkipLink targetId={MAIN_ID} />
          <OfficeHeader showLocation={page?.usesLocation ?? false} />
          {/* tabIndex -1 lets the skip link move focus here without adding a tab stop. */}
          <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
            <PageErrorBoundary key={pathname}>
              <Suspense fallback={null}>
                <Outlet />
              </Suspense>
            </PageErrorBoundary>
          </main>
          <ToastArea />
        </div>
      </RealtimeProvider>
    </StaffSessionContext>
  );
}
