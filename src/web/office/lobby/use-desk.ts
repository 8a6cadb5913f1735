// The desk or counter this staff member calls visitors to at a location, as they typed it in the
// lobby: kept on this device per location. Empty: the desk staff administration gave them, if any.
import { useCallback, useState } from "react";

export const DESK_KEY_PREFIX = "nextline.office.desk.";

function stored(locationId: string | null): string {
  if (!locationId) return "";
  try {
    return localStorage.getItem(DESK_KEY_PREFIX + locationId) ?? "";
  } catch {
    return "";
  }
}

export function useDesk(locationId: string | null) {
  const [desks, setDesks] = useState<Record<string, string>>({});
  const desk = locationId ? (desks[locationId] ?? stored(locationId)) : "";
  const setDesk = useCallback(
    (value: string) => {
      if (!locationId) return;
      setDesks((current) => ({ ...current, [locationId]: value }));
      try {
        if (value.trim()) localStorage.setItem(DESK_KEY_PREFIX + locationId, value);
        else localStorage.removeItem(DESK_KEY_PREFIX + locationId);
      } catch {
        // storage disabled: the desk lasts until the page closes
      }
    },
    [locationId],
  );
  return { desk, setDesk };
}
