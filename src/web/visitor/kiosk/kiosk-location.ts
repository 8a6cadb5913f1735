// Which location a kiosk serves (spec §4 Kiosk): the one its Kiosk account is locked to, else the
// one stored for this visit, else the page URL's; null when none is known (an error to report).

export type KioskLocationSources = {
  /** the signed-in Kiosk account's location (role level 7), which no URL may change */
  locked: string | null;
  stored: string | null;
  /** ?location= or the form route's location id */
  fromUrl: string | null;
};

const valid = (id: string | null) => (id !== null && /^\d{1,10}$/.test(id) ? id : null);

export function kioskLocationId(sources: KioskLocationSources): string | null {
  return valid(sources.locked) ?? valid(sources.stored) ?? valid(sources.fromUrl);
}
