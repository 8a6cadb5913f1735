// What the finder's map frames (spec §9: zoom 15, or 18 for a single location): the chosen
// location up close; otherwise the locations in view — near a searched place, those within the
// vendor's radius (or the nearest one) with the place — at most at zoom 15.

export const MAP_ZOOM = 15;
export const SINGLE_LOCATION_ZOOM = 18;

export type MapPoint = { lat: number; lng: number };
export type MapLocation = MapPoint & { id: string; within?: boolean | undefined };

export type MapView =
  | { kind: "center"; center: MapPoint; zoom: number }
  | { kind: "bounds"; points: MapPoint[]; maxZoom: number };

export function mapView(options: {
  /** in list order: by distance when a place was chosen */
  locations: readonly MapLocation[];
  place: MapPoint | null;
  selectedId: string | null;
}): MapView | null {
  const { locations, place, selectedId } = options;
  const selected = selectedId === null ? undefined : locations.find((l) => l.id === selectedId);
  if (selected) return { kind: "center", center: selected, zoom: SINGLE_LOCATION_ZOOM };
  if (place) {
    const within = locations.filter((l) => l.within);
    const shown = within.length > 0 ? within : locations.slice(0, 1);
    if (shown.length === 0) return { kind: "center", center: place, zoom: MAP_ZOOM };
    return { kind: "bounds", points: [place, ...shown], maxZoom: MAP_ZOOM };
  }
  if (locations.length === 0) return null;
  if (locations.length === 1)
    return { kind: "center", center: locations[0]!, zoom: SINGLE_LOCATION_ZOOM };
  return { kind: "bounds", points: [...locations], maxZoom: MAP_ZOOM };
}
