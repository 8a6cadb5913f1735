// The finder as a page of its own, at any visitor path + /location (spec §2): the page it serves is
// the path without /location, so a chosen location leads back there with its id.
import { useLocation } from "../../routing/routing.tsx";
import { LocationFinder } from "./location-finder.tsx";

export function LocationFinderPage() {
  const { pathname } = useLocation();
  const basePath = pathname.replace(/\/location\/?$/, "") || "/";
  return <LocationFinder basePath={basePath} />;
}
