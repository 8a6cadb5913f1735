// The callback / online-queue page, /callback-service and /callback-service/{id} (spec §2): the
// vendor's callback switch first, then the location search (no location) or that location's form.
import { useMemo } from "react";
import { useParams, useSearchParams } from "react-router";
import { useCurrentVendor } from "../../current-vendor.ts";
import { vendorTakesCallbacks } from "./callback-availability.ts";
import { CallbackDisabledNotice } from "./callback-disabled-notice.tsx";
import { LocationCallbackView } from "./location-callback-view.tsx";
import { LocationSearchList } from "./location-search-list.tsx";
import { readCallbackPageQuery } from "./page-query.ts";

export function CallbackServicePage() {
  const { locationId } = useParams();
  const [searchParams] = useSearchParams();
  const query = useMemo(() => readCallbackPageQuery(searchParams), [searchParams]);
  const vendor = useCurrentVendor();

  if (!vendorTakesCallbacks(vendor.attributes)) return <CallbackDisabledNotice />;
  if (!locationId) return <LocationSearchList />;
  return <LocationCallbackView locationId={locationId} query={query} />;
}
