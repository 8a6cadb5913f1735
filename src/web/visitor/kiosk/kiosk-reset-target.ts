// Where a kiosk goes when it starts over (spec §2 Kiosk, §4): its landing page with the language and
// use_new_kiosk kept, or the vendor's own kiosk page with location=e:{external id}.
import { paths } from "../../paths.ts";

export type KioskResetInput = {
  locationId: string | null;
  /** the location's external id, for a vendor redirect URL */
  externalId: string | null;
  /** the vendor's kiosk redirect_url setting */
  redirectUrl: string | null;
  lang: string | null;
  useNewKiosk: string | null;
};

export type KioskResetTarget =
  | { kind: "page"; path: string }
  | { kind: "external"; url: string }
  /** no location known anywhere: the landing page reports it */
  | { kind: "unknown-location"; path: string };

export function kioskResetTarget(input: KioskResetInput): KioskResetTarget {
  const lang = input.lang ?? undefined;
  const useNewKiosk = input.useNewKiosk ?? undefined;
  if (input.locationId === null) {
    return {
      kind: "unknown-location",
      path: paths.kioskHome({ lang, use_new_kiosk: useNewKiosk }),
    };
  }
  if (input.redirectUrl) {
    const url = new URL(input.redirectUrl);
    url.searchParams.set("location", input.externalId ? `e:${input.externalId}` : input.locationId);
    return { kind: "external", url: url.toString() };
  }
  return {
    kind: "page",
    path: paths.kioskReset({ location: input.locationId, lang, use_new_kiosk: useNewKiosk }),
  };
}
