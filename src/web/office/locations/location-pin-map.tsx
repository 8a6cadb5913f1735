// The location's pin on a map (Leaflet, the finder's map library, in its own chunk fetched only
// when the edit page shows a map): drag the pin, click the map, or focus the pin and use the arrow
// keys to nudge it; the latitude and longitude fields follow, and typing in them moves the pin.
import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import styles from "./location-pin-map.module.css";

export type LocationPinMapProps = {
  tileUrl: string;
  lat: number;
  lng: number;
  onMove: (lat: number, lng: number) => void;
};

/** About eleven metres: one press of an arrow key. */
const NUDGE = 0.0001;
const round = (value: number) => Math.round(value * 1e6) / 1e6;

export function LocationPinMap({ tileUrl, lat, lng, onMove }: LocationPinMapProps) {
  const intl = useIntl();
  const containerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const onMoveRef = useRef(onMove);
  onMoveRef.current = onMove;
  const start = useRef({ lat, lng });
  const pinLabel = intl.formatMessage({ id: "Office.locations.map_pin" });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { worldCopyJump: true, keyboard: false }).setView(
      [start.current.lat, start.current.lng],
      16,
    );
    map.attributionControl.setPrefix(false);
    L.tileLayer(tileUrl, { maxZoom: 19 }).addTo(map);
    const marker = L.marker([start.current.lat, start.current.lng], {
      icon: L.divIcon({ className: styles.pin, iconSize: [26, 26], iconAnchor: [13, 13] }),
      draggable: true,
      keyboard: true,
      title: pinLabel,
      autoPan: true,
    }).addTo(map);
    const moved = (point: L.LatLng) => onMoveRef.current(round(point.lat), round(point.lng));
    marker.on("dragend", () => moved(marker.getLatLng()));
    marker.on("keydown", (event) => {
      const key = (event as L.LeafletKeyboardEvent).originalEvent;
      const step = {
        ArrowUp: [NUDGE, 0],
        ArrowDown: [-NUDGE, 0],
        ArrowLeft: [0, -NUDGE],
        ArrowRight: [0, NUDGE],
      }[key.key];
      if (!step) return;
      key.preventDefault();
      const here = marker.getLatLng();
      const next = L.latLng(here.lat + (step[0] ?? 0), here.lng + (step[1] ?? 0));
      marker.setLatLng(next);
      moved(next);
    });
    map.on("click", (event: L.LeafletMouseEvent) => {
      marker.setLatLng(event.latlng);
      moved(event.latlng);
    });
    marker.getElement()?.setAttribute("aria-label", pinLabel);
    mapRef.current = map;
    markerRef.current = marker;
    return () => {
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, [tileUrl, pinLabel]);

  // Typed coordinates move the pin, and the map follows when it leaves the view.
  useEffect(() => {
    const map = mapRef.current;
    const marker = markerRef.current;
    if (!map || !marker) return;
    const here = marker.getLatLng();
    if (here.lat === lat && here.lng === lng) return;
    marker.setLatLng([lat, lng]);
    if (!map.getBounds().contains([lat, lng])) map.panTo([lat, lng], { animate: false });
  }, [lat, lng]);

  return (
    <section
      ref={containerRef}
      className={styles.map}
      aria-label={intl.formatMessage({ id: "Office.locations.map_label" })}
    />
  );
}
