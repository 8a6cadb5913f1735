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
      contactFields(vendor({ email: "required", mobile_phone: "optional", notes: "hidden" }), 1),
    ).toEqual({ email: "required", phone: "optional", sms: "optional", notes: "hidden" });
  });

  it("always asks a phone callback for the number", () => {
    expect(contactFields(vendor({ mobile_phone: "hidden" }), 2).phone).toBe("required");
    expect(contactFields(vendor({ mobile_phone: "hidden" }), 3).phone).toBe("hidden");
  });

  it("offers texts only with a phone field and the vendor's SMS switch on", () => {
    expect(contactFields(vendor({ mobile_phone: "hidden" }), 1).sms).toBe("hidden");
    expect(contactFields(vendor({}, { sms_notifications: false }), 1).sms).toBe("hidden");
    expect(contactFields(vendor({ sms_notifications: "required" }), 1).sms).toBe("required");
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
