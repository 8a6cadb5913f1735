import { describe, expect, it } from "vitest";
import { kioskResetTarget } from "./kiosk-reset-target.ts";

const base = { externalId: null, redirectUrl: null, lang: null, useNewKiosk: null };

describe("where a kiosk starts over", () => {
  it("goes to its landing page for its location", () => {
    expect(kioskResetTarget({ ...base, locationId: "4" })).toEqual({
      kind: "page",
      path: "/how?location=4&mode=kiosk",
    });
  });

  it("keeps the language and use_new_kiosk, and nothing else", () => {
    expect(kioskResetTarget({ ...base, locationId: "4", lang: "fr", useNewKiosk: "1" })).toEqual({
      kind: "page",
      path: "/how?location=4&mode=kiosk&lang=fr&use_new_kiosk=1",
    });
  });

  it("goes to the vendor's kiosk page with location=e:{external id}", () => {
    expect(
      kioskResetTarget({
        ...base,
        locationId: "4",
        externalId: "NW-TOR-001",
        redirectUrl: "https://kiosk.northwind.example/start?screen=2",
      }),
    ).toEqual({
      kind: "external",
      url: "https://kiosk.northwind.example/start?screen=2&location=e%3ANW-TOR-001",
    });
  });

  it("names the location by id on the vendor's page when it has no external id", () => {
    const target = kioskResetTarget({
      ...base,
      locationId: "4",
      redirectUrl: "https://kiosk.example/",
    });
    expect(target).toEqual({ kind: "external", url: "https://kiosk.example/?location=4" });
  });

  it("without any location, lands where the missing location is reported", () => {
    expect(kioskResetTarget({ ...base, locationId: null, lang: "es" })).toEqual({
      kind: "unknown-location",
      path: "/how?mode=kiosk&lang=es",
    });
  });
});
