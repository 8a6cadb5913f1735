import { describe, expect, it } from "vitest";
import { paths } from "../../paths.ts";
import { bookAgainAfterCancelPath, bookAnotherPath, isKioskMode } from "./book-another-path.ts";

const search = (query: string) => new URLSearchParams(query);

describe("book another from the confirmation page", () => {
  it("goes to the form keeping the query except this booking's id and code", () => {
    const path = bookAnotherPath(
      search("id=12&code=ABCD&lang=fr&meeting_method=3&utm_source=mail&service=4"),
      "7",
    );
    const url = new URL(path, "http://x");
    expect(url.pathname).toBe("/callback-service");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lang: "fr",
      meeting_method: "3",
      utm_source: "mail",
      service: "4",
    });
  });

  it("starts a kiosk over at its reset page with the language and kiosk flag", () => {
    expect(bookAnotherPath(search("id=1&code=X&mode=kiosk&lang=es&use_new_kiosk=1"), "7")).toBe(
      "/how?location=7&mode=kiosk&lang=es&use_new_kiosk=1",
    );
    expect(isKioskMode(search("mode=KIOSK"))).toBe(true);
    // A visitor who scanned the kiosk's QR code is on their own phone: not a kiosk.
    expect(isKioskMode(search("mode=kiosk_qr"))).toBe(false);
    expect(bookAnotherPath(search("mode=kiosk_qr&id=1"), "7")).toBe(
      "/callback-service?mode=kiosk_qr",
    );
  });
});

describe("book again after cancelling", () => {
  it("returns to the same location with the meeting method and language", () => {
    expect(bookAgainAfterCancelPath("7", 2, "pt-BR")).toBe(
      "/callback-service/7?meeting_method=2&lang=pt-BR",
    );
  });

  it("falls back to English for a language the product does not have", () => {
    expect(bookAgainAfterCancelPath("7", 1, "de")).toBe(
      "/callback-service/7?meeting_method=1&lang=en",
    );
  });
});

describe("book another from the other views", () => {
  it("goes to the root with the query, dropping the location unless locations are locked", () => {
    const query = search("location=5&lang=ko&service=2&id=9&code=K7");
    expect(paths.bookAnotherFromOtherView("/callback-service/5", query, false)).toBe(
      "/?lang=ko&service=2",
    );
    expect(paths.bookAnotherFromOtherView("/callback-service/5", query, true)).toBe(
      "/?location=5&lang=ko&service=2",
    );
  });

  it("stays under the booking shortcut the view is under", () => {
    expect(paths.bookAnotherFromOtherView("/s/spring-offer/x", search("lang=fr"), false)).toBe(
      "/s/spring-offer?lang=fr",
    );
  });
});
