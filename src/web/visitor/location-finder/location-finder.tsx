// The location finder (spec §2 "Location selection", §4, §9): on desktop a map with a floating
// panel (search box, suggestions, list), on smaller screens the list only. Choosing a location
// opens its details; selecting it makes it the page's location and goes to basePath/{id} with the
// page's query string. Pages embed it with their own base path (the callback form: /callback-service).
import { useQueryClient } from "@tanstack/react-query";
import { type CSSProperties, useMemo, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Locale } from "../../../shared/domain.ts";
import { locationQueryOptions, useLocationById } from "../../api/location.ts";
import { type LocationResource, useLocations } from "../../api/locations.ts";
import {
  createGeocoderPlacesProvider,
  createOfflinePlacesProvider,
  type PlaceSuggestion,
} from "../../api/places.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { paths } from "../../paths.ts";
import { useNavigate, useSearchParams } from "../../routing/routing.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { type FinderCriteria, useFinderLocations } from "./finder-locations.ts";
import { FinderMap } from "./finder-map.tsx";
import { LocationDetails } from "./location-details.tsx";
import styles from "./location-finder.module.css";
import { LocationList } from "./location-list.tsx";
import { NoLocations } from "./no-locations.tsx";
import { PlaceSearchBox } from "./place-search-box.tsx";
import { ResultsSummary } from "./results-summary.tsx";
import { DESKTOP_QUERY, useMediaQuery } from "./use-media-query.ts";

// The booking's location step shows a location's opening hours as the finder does, and loads
// them from here, so that they stay in the finder's chunk rather than becoming a chunk of their
// own that every finder page would then fetch beside it (docs/PERFORMANCE.md).
export { OpeningHoursTable } from "./opening-hours-table.tsx";

const NO_LOCATIONS: LocationResource[] = [];
const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
/** The floating panel's width and its distance from the map's edge (spec §9 "380, 20"). */
const PANEL_WIDTH = 380;
const PANEL_GAP = 20;

export type LocationFinderProps = {
  /** the page the finder serves: a chosen location leads to basePath/{id} */
  basePath: string;
  /** replaces the default (go to basePath/{id} keeping the query string) */
  onSelect?: (location: LocationResource) => void;
};

export function LocationFinder({ basePath, onSelect }: LocationFinderProps) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: "LocationFinder.title" }));
  const vendor = useCurrentVendor();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const desktop = useMediaQuery(DESKTOP_QUERY);

  const [text, setText] = useState("");
  const [criteria, setCriteria] = useState<FinderCriteria>({ kind: "all" });
  const [openId, setOpenId] = useState<string | null>(null);
  const results = useFinderLocations(criteria);
  const everyLocation = useLocations();
  // The opened location is re-read on its own, so its wait is current.
  const fresh = useLocationById(openId);

  const geocoder = vendor.attributes?.maps?.places === "geocoder";
  const provider = useMemo(
    () =>
      geocoder
        ? createGeocoderPlacesProvider()
        : createOfflinePlacesProvider(everyLocation.data ?? []),
    [geocoder, everyLocation.data],
  );

  const locations = results.data ?? NO_LOCATIONS;
  const listed = locations.find((l) => l.id === openId);
  const opened = listed
    ? { ...listed, attributes: { ...listed.attributes, ...freshAttributes(fresh.data) } }
    : undefined;
  const radius = vendor.attributes?.location_search_radius ?? 50;

  const choosePlace = async (suggestion: PlaceSuggestion) => {
    try {
      const place = await provider.details(suggestion);
      setOpenId(null);
      setCriteria({
        kind: "place",
        name: suggestion.name,
        lat: place.latitude,
        lng: place.longitude,
      });
    } catch (error) {
      // Spec §8: a suggestion that cannot be placed fails silently; search by its name instead.
      console.warn("place details failed", error);
      setCriteria({ kind: "text", text: suggestion.name });
    }
  };

  const select = (location: LocationResource) => {
    if (onSelect) return onSelect(location);
    // The page opens with this location already loaded: no second wait for it.
    const locale = intl.locale as Locale;
    queryClient.setQueryData(locationQueryOptions(location.id, locale).queryKey, location);
    navigate(paths.locationChosen(basePath, location.id, Object.fromEntries(searchParams)));
  };

  const back = () => {
    const id = openId;
    setOpenId(null);
    // Back where the visitor was: on the entry they opened.
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-location-id="${CSS.escape(id ?? "")}"]`)?.focus(),
    );
  };

  const panel = opened ? (
    <LocationDetails location={opened} onBack={back} onSelect={select} />
  ) : (
    <>
      <PlaceSearchBox
        provider={provider}
        value={text}
        onValueChange={setText}
        onChoosePlace={choosePlace}
        onSearchText={(typed) => setCriteria({ kind: "text", text: typed })}
        onClear={() => setCriteria({ kind: "all" })}
      />
      <ResultsSummary
        criteria={criteria}
        count={results.data ? locations.length : null}
        failed={results.isError && !results.data}
      />
      {results.isError && !results.data ? (
        <button type="button" className={styles.retry} onClick={() => results.refetch()}>
          <FormattedMessage id="Common.try_again" />
        </button>
      ) : results.data && locations.length === 0 ? (
        <NoLocations mobile={!desktop} />
      ) : (
        <LocationList
          locations={locations}
          radius={radius}
          numbered={desktop}
          showWait={vendor.attributes?.show_wait_time ?? true}
          onOpen={(l) => setOpenId(l.id)}
        />
      )}
    </>
  );

  return (
    <section
      className={desktop ? styles.desktop : styles.mobile}
      aria-labelledby="location-finder-title"
      style={
        {
          "--finder-panel-width": `${PANEL_WIDTH}px`,
          "--finder-panel-gap": `${PANEL_GAP}px`,
        } as CSSProperties
      }
    >
      {desktop && (
        <FinderMap
          tileUrl={vendor.attributes?.maps?.tile_url ?? DEFAULT_TILE_URL}
          locations={locations}
          place={criteria.kind === "place" ? criteria : null}
          selectedId={opened ? opened.id : null}
          onOpen={(l) => setOpenId(l.id)}
          coveredLeft={PANEL_WIDTH + PANEL_GAP}
        />
      )}
      <div className={styles.panel}>
        <h1 id="location-finder-title" className={styles.title}>
          <FormattedMessage id="LocationFinder.title" />
        </h1>
        {panel}
      </div>
    </section>
  );
}

/** The attributes a fresh read brings that the list's copy may lack or have stale. */
function freshAttributes(fresh: LocationResource | undefined) {
  if (!fresh) return {};
  const { wait_time, expected_start, is_currently_open, hours, future_open_hours } =
    fresh.attributes;
  return { wait_time, expected_start, is_currently_open, hours, future_open_hours };
}
