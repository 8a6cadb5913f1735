// The request signature against Twilio's documented example, and what a forger might change.
import { describe, expect, it } from "vitest";
import { computeTwilioSignature, isValidTwilioSignature } from "./twilio-signature.ts";

// Twilio's documented example of a signed request.
const token = "12345";
const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
const params = {
  CallSid: "CA1234567890ABCDE",
  Caller: "+14158675309",
  Digits: "1234",
  From: "+14158675309",
  To: "+18005551212",
};
const documented = "RSOYDt4T1cUTdK1PDd93/VVr8B8=";

describe("X-Twilio-Signature", () => {
  it("computes Twilio's documented example", () => {
    expect(computeTwilioSignature(token, url, params)).toBe(documented);
  });

  it("accepts the documented signature whatever order the parameters arrive in", () => {
    const shuffled = Object.fromEntries(Object.entries(params).reverse());
    expect(isValidTwilioSignature(token, documented, url, shuffled)).toBe(true);
  });

  it("refuses a changed parameter value", () => {
    expect(isValidTwilioSignature(token, documented, url, { ...params, Digits: "1235" })).toBe(
      false,
    );
  });

  it("refuses an added parameter", () => {
    expect(isValidTwilioSignature(token, documented, url, { ...params, Body: "CANCEL" })).toBe(
      false,
    );
  });

  it("refuses another URL, even one differing only in its query", () => {
    expect(isValidTwilioSignature(token, documented, `${url}&baz=3`, params)).toBe(false);
    expect(
      isValidTwilioSignature(
        token,
        documented,
        "http://mycompany.com/myapp.php?foo=1&bar=2",
        params,
      ),
    ).toBe(false);
  });

  it("refuses another auth token, a missing signature and a truncated one", () => {
    expect(isValidTwilioSignature("54321", documented, url, params)).toBe(false);
    expect(isValidTwilioSignature(token, undefined, url, params)).toBe(false);
    expect(isValidTwilioSignature(token, "", url, params)).toBe(false);
    expect(isValidTwilioSignature(token, documented.slice(0, -1), url, params)).toBe(false);
  });
});
