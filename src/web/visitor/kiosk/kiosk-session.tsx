// Runs a lobby kiosk around the visitor pages (spec §4 Kiosk): which location it serves (its Kiosk
// account's, else this visit's, else the URL's), starting over after 30 s idle (asking "Are you
// still there?" first) or 8.5 s after a confirmation, and the reset itself. Loaded as its own chunk, only in kiosk mode.
import { type ReactNode, useCallback, useEffect, useMemo } from "react";
import { useLocationById } from "../../api/location.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { paths } from "../../paths.ts";
import { useLocation, useNavigate, useSearchParams } from "../../routing/routing.tsx";
import { KioskContext, type KioskControls } from "./kiosk-context.ts";
import { KioskCountdown } from "./kiosk-countdown.tsx";
import { kioskLocationId } from "./kiosk-location.ts";
import { kioskResetTarget } from "./kiosk-reset-target.ts";
import {
  clearKioskSelection,
  readKioskSelection,
  saveKioskSelection,
} from "./kiosk-selection-state.ts";
import { KioskStillThere } from "./kiosk-still-there.tsx";
import {
  isConfirmationPath,
  isExemptFromReset,
  KIOSK_CONFIRMATION_RESET_MS,
  KIOSK_INACTIVITY_MS,
  KIOSK_STILL_THERE_MS,
} from "./kiosk-timers.ts";
import { useKioskAccount } from "./use-kiosk-account.ts";
import { useCountdown, useInactivityReset } from "./use-kiosk-timers.ts";

const FORM_PATH = /^\/callback-service\/(\d{1,10})\/?$/;
const LANDING_PATHS = ["/how", "/where"];

export function KioskSession({ children }: { children: ReactNode }) {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const vendor = useCurrentVendor();
  const account = useKioskAccount();
  const locked = account.lockedLocationId;
  const fromUrl = search.get("location") ?? FORM_PATH.exec(pathname)?.[1] ?? null;
  const locationId = kioskLocationId({
    locked,
    stored: readKioskSelection().locationId,
    fromUrl,
  });
  const redirectUrl = vendor.attributes?.client_view.kiosk.redirect_url ?? null;
  const location = useLocationById(redirectUrl ? locationId : null);
  const externalId = location.data?.attributes.external_id ?? null;

  // A Kiosk account serves its own location only: another one in the URL is set right.
  useEffect(() => {
    if (account.pending || locked === null || fromUrl === null || fromUrl === locked) return;
    if (LANDING_PATHS.includes(pathname)) {
      const next = new URLSearchParams(search);
      next.set("location", locked);
      navigate({ pathname, search: next.toString() }, { replace: true });
    } else if (FORM_PATH.test(pathname)) {
      navigate(paths.kioskReset({ location: locked, ...langAndKiosk(search) }), { replace: true });
    }
  }, [account.pending, locked, fromUrl, pathname, search, navigate]);

  // The location chosen for this visit outlives the URL (the confirmation page names none).
  useEffect(() => {
    const current = locked ?? (fromUrl && /^\d{1,10}$/.test(fromUrl) ? fromUrl : null);
    if (!account.pending && current) saveKioskSelection({ locationId: current });
  }, [account.pending, locked, fromUrl]);

  const startOver = useCallback(() => {
    const target = kioskResetTarget({
      locationId,
      externalId,
      redirectUrl,
      lang: search.get("lang"),
      useNewKiosk: search.get("use_new_kiosk"),
    });
    clearKioskSelection();
    if (target.kind === "external") window.location.assign(target.url);
    else navigate(target.path);
  }, [locationId, externalId, redirectUrl, search, navigate]);

  const confirmed = isConfirmationPath(pathname) && search.has("id") && search.has("code");
  // After a confirmation its own, shorter countdown runs instead.
  const stillThere = useInactivityReset(
    !isExemptFromReset(pathname) && !confirmed,
    KIOSK_INACTIVITY_MS,
    KIOSK_STILL_THERE_MS,
    startOver,
  );
  const secondsLeft = useCountdown(confirmed, KIOSK_CONFIRMATION_RESET_MS, startOver);

  const controls = useMemo<KioskControls>(
    () => ({ locationId, startOver }),
    [locationId, startOver],
  );
  // Until the account is known, the kiosk cannot tell which location it serves.
  if (account.pending) return null;
  return (
    <KioskContext value={controls}>
      {children}
      {secondsLeft !== null && <KioskCountdown seconds={secondsLeft} />}
      {stillThere && <KioskStillThere seconds={KIOSK_STILL_THERE_MS / 1000} />}
    </KioskContext>
  );
}

function langAndKiosk(search: URLSearchParams) {
  return {
    lang: search.get("lang") ?? undefined,
    use_new_kiosk: search.get("use_new_kiosk") ?? undefined,
  };
}
