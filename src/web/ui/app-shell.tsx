// The frame of every visitor page: skip link, header, the main landmark and the footer. Pages
// render inside an error boundary (reset on navigation) and a Suspense for their lazy chunk.
// mode=embed drops the header and reports the height to the framing page; mode=kiosk runs the
// kiosk session (its location, timers and reset) around the frame. Both load only when asked for.
import { lazy, Suspense } from "react";
import { Outlet, useLocation, useSearchParams } from "../routing/routing.tsx";
import { isEmbedded } from "../visitor/embed/embed-mode.ts";
import { isKioskPage } from "../visitor/kiosk/kiosk-mode.ts";
import styles from "./app-shell.module.css";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { PageErrorBoundary } from "./page-error-boundary.tsx";
import { SkipLink } from "./skip-link.tsx";

export const MAIN_ID = "main";

const KioskSession = lazy(() =>
  import("../visitor/kiosk/kiosk-session.tsx").then((m) => ({ default: m.KioskSession })),
);
const EmbedHeightReporter = lazy(() =>
  import("../visitor/embed/embed-height-reporter.tsx").then((m) => ({
    default: m.EmbedHeightReporter,
  })),
);

export function AppShell() {
  const [search] = useSearchParams();
  const embedded = isEmbedded(search);
  const frame = <Frame embedded={embedded} />;
  return (
    <>
      {isKioskPage(search) ? (
        // Should the kiosk's code fail to load, the page still shows, without the kiosk's timers.
        <PageErrorBoundary fallback={frame}>
          <Suspense fallback={null}>
            <KioskSession>{frame}</KioskSession>
          </Suspense>
        </PageErrorBoundary>
      ) : (
        frame
      )}
      {embedded && (
        <PageErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <EmbedHeightReporter />
          </Suspense>
        </PageErrorBoundary>
      )}
    </>
  );
}

function Frame({ embedded }: { embedded: boolean }) {
  const { pathname } = useLocation();
  return (
    <div className={embedded ? `${styles.shell} ${styles.embedded}` : styles.shell}>
      {!embedded && <SkipLink targetId={MAIN_ID} />}
      {!embedded && <Header />}
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
