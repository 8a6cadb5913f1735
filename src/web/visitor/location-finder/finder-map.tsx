// The map's place in the finder: Leaflet and its CSS arrive in their own chunk, fetched only when
// the map is shown (desktop), so phones and the callback form never download them.
import { lazy, Suspense } from "react";
import type { LeafletMapProps } from "./leaflet-map.tsx";
import styles from "./location-finder.module.css";

const LeafletMap = lazy(() => import("./leaflet-map.tsx").then((m) => ({ default: m.LeafletMap })));

export function FinderMap(props: LeafletMapProps) {
  return (
    <div className={styles.mapArea}>
      <Suspense fallback={null}>
        <LeafletMap {...props} />
      </Suspense>
    </div>
  );
}
