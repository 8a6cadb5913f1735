// The frame of every visitor page: skip link, header, the main landmark and the footer. Pages
// render inside an error boundary (reset on navigation) and a Suspense for their lazy chunk.
import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import styles from "./app-shell.module.css";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { PageErrorBoundary } from "./page-error-boundary.tsx";
import { SkipLink } from "./skip-link.tsx";

export const MAIN_ID = "main";

export function AppShell() {
  const { pathname } = useLocation();
  return (
    <div className={styles.shell}>
      <SkipLink targetId={MAIN_ID} />
      <Header />
      {/* tabIndex -1 lets the skip link move focus here without adding a tab stop. */}
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
