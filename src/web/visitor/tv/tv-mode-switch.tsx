// mode=tv on a location's visitor route (e.g. /callback-service/{id}?mode=tv, spec §2) shows that
// location's lobby board instead of the page, and without the visitor header and footer. Every
// other request renders the usual frame. The board's code loads only when a TV asks for it.
import { lazy, type ReactNode, Suspense } from "react";
import { useParams, useSearchParams } from "../../routing/routing.tsx";
import { PageErrorBoundary } from "../../ui/page-error-boundary.tsx";

const TvBoardPage = lazy(() =>
  import("./tv-board-page.tsx").then((m) => ({ default: m.TvBoardPage })),
);

export function TvModeSwitch({ children }: { children: ReactNode }) {
  const [searchParams] = useSearchParams();
  // A layout route sees the params of the page matched below it.
  const { locationId } = useParams();
  const tv = searchParams.get("mode")?.trim().toLowerCase() === "tv";
  // A private location's board link carries its token; the board passes it on to every read.
  const token = searchParams.get("token") || undefined;
  if (!tv || !locationId) return children;
  return (
    <PageErrorBoundary key={locationId}>
      <Suspense fallback={null}>
        <TvBoardPage locationId={locationId} {...(token ? { token } : {})} />
      </Suspense>
    </PageErrorBoundary>
  );
}
