import { describe, expect, it } from "vitest";
import {
  callbackContactOptionsSchema,
  clientViewSettingsSchema,
} from "../../../shared/vendor-settings.ts";
import type { VendorResource } from "../../api/vendor.ts";
import { answerableQuestions, contactFields } from "./join-context.ts";

function vendor(contact = {}, clientView = {}) {
  return {
    callback_contact_options: callbackContactOptionsSchema.parse(contact),
    client_view: { ...clientViewSettingsSchema.parse({}), ...clientView },
  } as VendorResource["attributes"];
}

describe("contact fields", () => {
  it("follows the vendor's callback contact options for a visit in person", () => {
    expect(
      contactFields(
        vendor({ email: "required", mobile_phone: "optional", notes: "hidden" }),
        1,
        false,
      ),
    ).toEqual({
      email: "required",
      phone: "optional",
      eitherContact: false,
      sms: "optional",
      notes: "hidden",
    });
  });

  it("always asks a phone callback for the number", () => {
    expect(contactFields(vendor({ mobile_phone: "hidden" }), 2, false).phone).toBe("required");
    expect(contactFields(vendor({ mobile_phone: "hidden" }), 3, false).phone).toBe("hidden");
  });

  it("offers texts only with a phone field and the vendor's SMS switch on", () => {
    expect(contactFields(vendor({ mobile_phone: "hidden" }), 1, false).sms).toBe("hidden");
    expect(contactFields(vendor({}, { sms_notifications: false }), 1, false).sms).toBe("hidden");
    expect(contactFields(vendor({ sms_notifications: "required" }), 1, false).sms).toBe("required");
  });
});

describe("email or phone", () => {
  it("asks for one of the two when both are offered and neither is required", () => {
    const fields = contactFields(vendor({}), 1, false);
    expect(fields).toMatchObject({ email: "optional", phone: "optional", eitherContact: true });
  });

  it("marks the only one offered as required, since the visitor is notified by it", () => {
    expect(contactFields(vendor({ mobile_phone: "hidden" }), 1, false)).toMatchObject({
      email: "required",
      eitherContact: false,
    });
    expect(contactFields(vendor({ email: "hidden" }), 1, false)).toMatchObject({
      phone: "required",
      eitherContact: false,
    });
  });

  it("leaves a lobby kiosk's contacts optional: the visitor is in the room", () => {
    const full = vendor(
      {},
      { kiosk: { ...clientViewSettingsSchema.parse({}).kiosk, form_fields: "full" } },
    );
    expect(contactFields(full, 1, true)).toMatchObject({
      email: "optional",
      phone: "optional",
      eitherContact: false,
    });
  });
});

describe("the minimal kiosk form", () => {
  it("asks a lobby kiosk only the name and an optional mobile number by default", () => {
    expect(contactFields(vendor({ email: "required", notes: "required" }), 1, true)).toEqual({
      email: "hidden",
      phone: "optional",
      eitherContact: false,
      sms: "optional",
      notes: "hidden",
    });
  });

  it("keeps the vendor's form on a phone that scanned the kiosk's code", () => {
    expect(contactFields(vendor({ email: "required" }), 1, false).email).toBe("required");
  });
});

describe("answerable questions", () => {
  it("reads the API's questions as the shared rules know them", () => {
    expect(
      answerableQuestions([
        {
          id: "7",
          type: "questions",
          attributes: {
            type: "checkbox",
            label: "Topics",
            placeholder: null,
            required: true,
            options: [
              { value: 3, text: "A" },
              { value: 4, text: "B" },
            ],
          },
        },
      ]),
    ).toEqual([{ id: 7, type: "checkbox", required: true, optionIds: [3, 4] }]);
  });
});
