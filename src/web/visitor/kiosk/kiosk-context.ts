// The running kiosk, for the pages and the header: its location and how to start over. null outside
// kiosk mode. Kept apart from the kiosk session so the header does not load the kiosk's code.
import { createContext, useContext } from "react";

export type KioskControls = {
  /** the location this kiosk serves, null when none is known */
  locationId: string | null;
  /** back to the landing page (or the vendor's kiosk page) with the visit's choices forgotten */
  startOver: () => void;
};

export const KioskContext = createContext<KioskControls | null>(null);

export function useKiosk(): KioskControls | null {
  return useContext(KioskContext);
}
