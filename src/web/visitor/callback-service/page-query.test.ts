import { describe, expect, it } from "vitest";
import { meetingMethodOf, readCallbackPageQuery } from "./page-query.ts";

const read = (search: string) => readCallbackPageQuery(new URLSearchParams(search));

describe("callback page query", () => {
  it("defaults to an online-queue join in person with nothing preselected", () => {
    expect(read("")).toMatchObject({
      meetingMethod: 1,
      serviceId: null,
      mode: null,
      bookedThrough: "online_queue",
      source: null,
      workflowId: null,
      kiosk: false,
      walkIn: false,
      useNewKiosk: false,
      tracking: {},
      keep: {},
    });
  });

  it("reads the meeting method by number or by name, and anything else as in person", () => {
    expect(meetingMethodOf("2")).toBe(2);
    expect(meetingMethodOf("video")).toBe(3);
    expect(meetingMethodOf("In-Person")).toBe(1);
    expect(meetingMethodOf("fax")).toBe(1);
    expect(meetingMethodOf(null)).toBe(1);
    // Only a method the link really names is one the visitor did not choose on the page.
    expect(read("meeting_method=phone").meetingMethodNamed).toBe(true);
    expect(read("meeting_method=fax").meetingMethodNamed).toBe(false);
    expect(read("").meetingMethodNamed).toBe(false);
  });

  it("uppercases mode to pick the booking source: kiosk, kiosk QR, invitation", () => {
    expect(read("mode=kiosk")).toMatchObject({
      bookedThrough: "kiosk",
      kiosk: true,
      mode: "kiosk",
    });
    expect(read("mode=Kiosk_QR")).toMatchObject({ bookedThrough: "kiosk_qr", kiosk: false });
    expect(read("mode=invitation")).toMatchObject({
      bookedThrough: "online_queue",
      source: "invitation",
    });
    expect(read("mode=embed")).toMatchObject({ bookedThrough: "online_queue", source: null });
  });

  it("treats booked_through=kiosk_qr as a visitor's phone, not the kiosk itself", () => {
    expect(read("mode=kiosk&booked_through=kiosk_qr")).toMatchObject({
      bookedThrough: "kiosk_qr",
      kiosk: false,
    });
  });

  it("marks invitation links by source=invitation too", () => {
    expect(read("source=invitation").source).toBe("invitation");
    expect(read("source=newsletter").source).toBeNull();
  });

  it("preselects only a service id that looks like one", () => {
    expect(read("service=7").serviceId).toBe("7");
    expect(read("service=7;drop").serviceId).toBeNull();
  });

  it("keeps the utm parameters for the join and reads workflow, walk_in and use_new_kiosk", () => {
    const query = read(
      "utm_source=mail&utm_medium=sms&utm_campaign=spring&utm_term=x&utm_content=y&utm_other=z&workflow=wf-9&walk_in&use_new_kiosk=1",
    );
    expect(query.tracking).toEqual({
      utm_source: "mail",
      utm_medium: "sms",
      utm_campaign: "spring",
      utm_term: "x",
      utm_content: "y",
    });
    expect(query).toMatchObject({ workflowId: "wf-9", walkIn: true, useNewKiosk: true });
    expect(read("walk_in=false").walkIn).toBe(false);
  });

  it("passes every other parameter on to the confirmation page, but not those it sets itself", () => {
    const query = read(
      "meeting_method=2&lang=fr&mode=kiosk&id=4&code=X&use_new_kiosk=1&partner=acme",
    );
    expect(query.keep).toEqual({ meeting_method: "2", partner: "acme" });
  });
});
