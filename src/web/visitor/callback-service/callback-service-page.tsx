// The callback / online-queue page, /callback-service and /callback-service/{id} (spec §2): the
// vendor's callback switch first, then the location search (no location) or that location's form.
import { lazy, useMemo } from "react";
import { useCurrentVendor } from "../../current-vendor.ts";
import { paths } from "../../paths.ts";
import { useParams, useSearchParams } from "../../routing/routing.tsx";
import { IdleVisitorSnippets } from "../cx-snippets/idle-visitor-snippets.tsx";
import { vendorTakesCallbacks } from "./callback-availability.ts";
import { CallbackDisabledNotice } from "./callback-disabled-notice.tsx";
import { LocationCallbackView } from "./location-callback-view.tsx";
import { readCallbackPageQuery } from "./page-query.ts";

// The location finder (its own chunk; Leaflet only on desktop) is the search without a location.
const LocationFinder = lazy(() =>
  import("../location-finder/location-finder.tsx").then((m) => ({ default: m.LocationFinder })),
);

export function CallbackServicePage() {
  const { locationId } = useParams();
  const [searchParams] = useSearchParams();
  const query = useMemo(() => readCallbackPageQuery(searchParams), [searchParams]);
  const vendor = useCurrentVendor();

  if (!vendorTakesCallbacks(vendor.attributes)) return <CallbackDisabledNotice />;
  return (
    <>
      {/* The vendor's announcements: the banner atop the page, the location's own ones too. */}
      <IdleVisitorSnippets kind="announcement" locationId={locationId ?? null} />
      {locationId ? (
        <LocationCallbackView locationId={locationId} query={query} />
      ) : (
        <LocationFinder basePath={paths.callbackService()} />
      )}
    </>
  );
}
