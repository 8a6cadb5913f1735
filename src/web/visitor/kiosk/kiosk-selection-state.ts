// What a kiosk visitor has chosen so far (the location, then how to be served), kept in
// sessionStorage so it survives a reload; starting over clears it (spec §4 Kiosk).

const KEY = "nextline.kiosk.selection";

export type KioskSelection = { locationId: string | null; meetingMethod: string | null };

const EMPTY: KioskSelection = { locationId: null, meetingMethod: null };

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    // storage refused (privacy settings): the kiosk then works from the URL alone
    return null;
  }
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

export function readKioskSelection(): KioskSelection {
  const raw = storage()?.getItem(KEY);
  if (!raw) return EMPTY;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    return { locationId: text(parsed.locationId), meetingMethod: text(parsed.meetingMethod) };
  } catch {
    return EMPTY;
  }
}

export function saveKioskSelection(change: Partial<KioskSelection>): void {
  const next = { ...readKioskSelection(), ...change };
  // A different location starts a different visit: its earlier choice of method no longer holds.
  if (change.locationId !== undefined && change.meetingMethod === undefined) {
    const before = readKioskSelection();
    if (before.locationId !== change.locationId) next.meetingMethod = null;
  }
  try {
    storage()?.setItem(KEY, JSON.stringify(next));
  } catch {
    // quota or privacy mode: nothing to keep, the URL still carries the location
  }
}

export function clearKioskSelection(): void {
  storage()?.removeItem(KEY);
}
