// The location the staff member works at now: ?location= when it is one of theirs, else the one
// they chose last on this device, else their first. Choosing one writes both, so a reload, a
// bookmark and the next visit all open the same line.
import { useCallback } from "react";
import type { Me } from "../../api/office/me.ts";
import { useSearchParams } from "../../routing/routing.tsx";

const STORAGE_KEY = "nextline.office.location";

export type StaffLocation = Me["locations"][number];

function storedLocationId(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled: the URL still carries the choice
  }
}

export function pickLocation(
  locations: readonly StaffLocation[],
  requested: string | null,
  stored: string | null,
): StaffLocation | null {
  const find = (id: string | null) =>
    id === null ? undefined : locations.find((location) => String(location.id) === id);
  return find(requested) ?? find(stored) ?? locations[0] ?? null;
}

export function useCurrentLocation(me: Pick<Me, "locations">) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = pickLocation(me.locations, searchParams.get("location"), storedLocationId());

  const setLocationId = useCallback(
    (id: string) => {
      try {
        localStorage.setItem(STORAGE_KEY, id);
      } catch {
        // storage disabled: the URL still carries the choice
      }
      setSearchParams(
        (params) => {
          params.set("location", id);
          // a service of one location means nothing at another
          params.delete("service");
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return { location, setLocationId };
}
