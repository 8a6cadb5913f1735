// Where "book another" leads (spec §2 Confirmation page): from this page to /callback-service with
// the current query minus what belongs to this booking; a kiosk starts over at its reset page;
// the cancelled card goes back to the same location with the meeting method and language (other
// views: paths.bookAnotherFromOtherView).
import { LOCALES, type Locale } from "../../../shared/domain.ts";
import { bookingSourceFromMode, isKioskSource } from "../../../shared/queue/booking-source.ts";
import { EXCLUDED_FROM_BOOK_ANOTHER, paths } from "../../paths.ts";

/** A kiosk in the lobby (mode=kiosk), as opposed to a visitor's own phone (kiosk_qr). */
export function isKioskMode(search: URLSearchParams): boolean {
  return isKioskSource(bookingSourceFromMode(search.get("mode")).bookedThrough);
}

const queryOf = (search: URLSearchParams, drop: (name: string) => boolean) => {
  const kept: Record<string, string> = {};
  for (const [name, value] of search) if (!drop(name)) kept[name] = value;
  return kept;
};

/** The book-another (or, on a kiosk, start-over) target of the confirmation page. */
export function bookAnotherPath(search: URLSearchParams, locationId: string | null): string {
  if (isKioskMode(search) && locationId !== null) {
    return paths.kioskReset({
      location: locationId,
      lang: search.get("lang") ?? undefined,
      use_new_kiosk: search.get("use_new_kiosk") ?? undefined,
    });
  }
  return paths.callbackService(
    undefined,
    queryOf(search, (name) => EXCLUDED_FROM_BOOK_ANOTHER.includes(name)),
  );
}

/** The cancelled card's button: the same location's form, same meeting method, a supported language. */
export function bookAgainAfterCancelPath(
  locationId: string,
  meetingMethod: number,
  locale: string,
): string {
  const lang: Locale = (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : "en";
  return paths.callbackService(locationId, { meeting_method: meetingMethod, lang });
}
