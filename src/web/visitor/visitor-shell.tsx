// The frame of every visitor page: skip link, header, the main landmark and the footer. Pages
// render inside an error boundary (reset on navigation) and a Suspense for their lazy chunk.
// mode=embed drops the header and reports the height to the framing page; mode=kiosk runs the
// kiosk session (its location, timers and reset) around the frame. Both load only when asked for.
// Each page shown is counted as a page view (spec §7).
import { lazy, Suspense, useEffect } from "react";
import { trackPageView } from "../api/analytics.ts";
import { Outlet, useLocation, useSearchParams } from "../routing/routing.tsx";
import { Footer } from "../ui/footer.tsx";
import { Header } from "../ui/header.tsx";
import { PageErrorBoundary } from "../ui/page-error-boundary.tsx";
import { SkipLink } from "../ui/skip-link.tsx";
import { isEmbedded } from "./embed/embed-mode.ts";
import { useKiosk } from "./kiosk/kiosk-context.ts";
import { isKioskPage } from "./kiosk/kiosk-mode.ts";
import styles from "./visitor-shell.module.css";

export const MAIN_ID = "main";

const KioskSession = lazy(() =>
  import("./kiosk/kiosk-session.tsx").then((m) => ({ default: m.KioskSession })),
);
const EmbedHeightReporter = lazy(() =>
  import("./embed/embed-height-reporter.tsx").then((m) => ({
    default: m.EmbedHeightReporter,
  })),
);

export function VisitorShell() {
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
  const kiosk = useKiosk();
  useEffect(() => trackPageView(pathname), [pathname]);
  return (
    <div className={embedded ? `${styles.shell} ${styles.embedded}` : styles.shell}>
      {!embedded && <SkipLink targetId={MAIN_ID} />}
      {!embedded && <Header kiosk={kiosk} />}
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
