// The finder's map on desktop (spec §2, §9): Leaflet with the install's tile server, a numbered
// marker per location (a button: Enter or a click opens its details) and a pin for a searched place.
// This module and Leaflet's CSS are loaded only when a map is shown. Without reachable tiles the
// markers still work; the list beside the map is the way in for everyone who does not use a map.
import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import type { LocationResource } from "../../api/locations.ts";
import styles from "./leaflet-map.module.css";
import { mapView } from "./map-view.ts";

export type LeafletMapProps = {
  tileUrl: string;
  locations: readonly LocationResource[];
  place: { lat: number; lng: number; name: string } | null;
  selectedId: string | null;
  onOpen: (location: LocationResource) => void;
  /** pixels the floating panel covers on the left, kept clear when framing */
  coveredLeft: number;
};

const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export function LeafletMap(props: LeafletMapProps) {
  const { tileUrl, locations, place, selectedId, coveredLeft } = props;
  const intl = useIntl();
  const containerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markersRef = useRef<L.LayerGroup | null>(null);
  const onOpenRef = useRef(props.onOpen);
  onOpenRef.current = props.onOpen;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { zoomControl: false, worldCopyJump: true });
    L.control
      .zoom({
        position: "bottomright",
        zoomInTitle: intl.formatMessage({ id: "LocationFinder.zoom_in" }),
        zoomOutTitle: intl.formatMessage({ id: "LocationFinder.zoom_out" }),
      })
      .addTo(map);
    map.attributionControl.setPrefix(false);
    L.tileLayer(tileUrl, {
      maxZoom: 19,
      attribution: tileUrl.includes("openstreetmap.org") ? OSM_ATTRIBUTION : "",
    }).addTo(map);
    markersRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
      markersRef.current = null;
    };
  }, [tileUrl, intl]);

  useEffect(() => {
    const layer = markersRef.current;
    if (!layer) return;
    layer.clearLayers();
    locations.forEach((location, index) => {
      const { latitude, longitude, name, within } = location.attributes;
      const selected = location.id === selectedId;
      const beyond = within === false;
      const classes = [styles.marker, beyond ? styles.beyond : "", selected ? styles.selected : ""];
      const marker = L.marker([latitude, longitude], {
        icon: L.divIcon({
          className: classes.filter(Boolean).join(" "),
          html: `<span aria-hidden="true">${index + 1}</span>`,
          iconSize: [34, 34],
          iconAnchor: [17, 17],
        }),
        keyboard: true,
        title: name,
        riseOnHover: true,
        zIndexOffset: selected ? 1000 : 0,
      });
      const open = () => onOpenRef.current(location);
      marker.on("click", open);
      marker.on("keypress", (event) => {
        const key = (event as L.LeafletKeyboardEvent).originalEvent.key;
        if (key === "Enter" || key === " ") open();
      });
      // The icon exists only once the map has a view, which may come later: label it when added.
      marker.on("add", () =>
        marker.getElement()?.setAttribute("aria-label", `${index + 1}. ${name}`),
      );
      marker.addTo(layer);
    });
    if (place) {
      L.marker([place.lat, place.lng], {
        icon: L.divIcon({ className: styles.place, iconSize: [20, 20], iconAnchor: [10, 10] }),
        interactive: false,
        keyboard: false,
        title: place.name,
      }).addTo(layer);
    }
  }, [locations, place, selectedId]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const view = mapView({
      locations: locations.map((l) => ({
        id: l.id,
        lat: l.attributes.latitude,
        lng: l.attributes.longitude,
        within: l.attributes.within,
      })),
      place,
      selectedId,
    });
    const padding = {
      paddingTopLeft: L.point(coveredLeft + 32, 48),
      paddingBottomRight: L.point(48, 48),
    };
    if (!view) map.setView([20, 0], 2);
    else if (view.kind === "center") {
      // Keep the point clear of the panel: aim at a spot shifted right by half of what it covers.
      map.setView([view.center.lat, view.center.lng], view.zoom, { animate: false });
      map.panBy([-coveredLeft / 2, 0], { animate: false });
    } else
      map.fitBounds(L.latLngBounds(view.points.map((p) => [p.lat, p.lng])), {
        ...padding,
        maxZoom: view.maxZoom,
        animate: false,
      });
  }, [locations, place, selectedId, coveredLeft]);

  return (
    <section
      ref={containerRef}
      className={styles.map}
      aria-label={intl.formatMessage({ id: "LocationFinder.map_label" })}
    />
  );
}
