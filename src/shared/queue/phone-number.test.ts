import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  displayPhoneNumber,
  formatPhoneNumber,
  isValidPhoneNumber,
  phoneNumberSchema,
} from "./phone-number.ts";
import { QUEUE_MESSAGES } from "./queue-messages.ts";

describe("phone numbers", () => {
  it("accepts every + followed by 8 to 15 digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+\d{8,15}$/), (phone) => {
        expect(isValidPhoneNumber(phone)).toBe(true);
        expect(phoneNumberSchema.parse(phone)).toBe(phone);
      }),
    );
  });

  it("refuses too few or too many digits", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.stringMatching(/^\+\d{1,7}$/), fc.stringMatching(/^\+\d{16,25}$/)),
        (phone) => {
          const result = phoneNumberSchema.safeParse(phone);
          expect(result.success).toBe(false);
          expect(result.error?.issues[0]?.message).toBe(QUEUE_MESSAGES.phoneInvalid);
        },
      ),
    );
  });

  it("asks for the + when a number lacks it", () => {
    const result = phoneNumberSchema.safeParse("4155550100");
    expect(result.error?.issues[0]?.message).toBe(QUEUE_MESSAGES.phoneMustStartWithPlus);
  });

  it("ignores the spaces, dashes and brackets people type", () => {
    expect(phoneNumberSchema.parse("+1 (415) 555-0100")).toBe("+14155550100");
  });

  it("treats an empty value as no number", () => {
    expect(phoneNumberSchema.parse("")).toBe("");
  });

  it("writes a number in its e164, international and national forms", () => {
    expect(formatPhoneNumber("+14155550100")).toEqual({
      e164: "+14155550100",
      international: "+1 415 555 0100",
      national: "(415) 555-0100",
    });
  });

  it("shows a local number nationally and a foreign one internationally", () => {
    expect(displayPhoneNumber("+14155550100", "US")).toBe("(415) 555-0100");
    expect(displayPhoneNumber("+442071838750", "US")).toBe("+44 20 7183 8750");
    expect(displayPhoneNumber("+442071838750", "GB")).toBe("020 7183 8750");
  });

  it("never throws on numbers it cannot place", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\+\d{8,15}$/),
        fc.constantFrom("US", "GB", "xx", null, ""),
        (phone, country) => {
          expect(typeof displayPhoneNumber(phone, country)).toBe("string");
          expect(formatPhoneNumber(phone, country).e164.startsWith("+")).toBe(true);
        },
      ),
    );
  });
});
