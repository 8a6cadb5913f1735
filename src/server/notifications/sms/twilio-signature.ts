// Twilio's request signature (X-Twilio-Signature): HMAC-SHA1 keyed with the account's auth token
// over the full URL Twilio called followed by every POST parameter's name and value, sorted by
// name, in base64. The webhooks check it on every status callback and reply; the test fake signs with it.
import { createHmac, timingSafeEqual } from "node:crypto";

export const TWILIO_SIGNATURE_HEADER = "x-twilio-signature";

export type TwilioParams = Readonly<Record<string, string | readonly string[]>>;

/** The signature Twilio sends for a POST of `params` to `url`. */
export function computeTwilioSignature(
  authToken: string,
  url: string,
  params: TwilioParams,
): string {
  let data = url;
  // Sorted by name in code-unit order, as Twilio does; a repeated name signs each of its values.
  for (const name of Object.keys(params).sort()) {
    const value = params[name]!;
    const values = typeof value === "string" ? [value] : [...value].sort();
    for (const one of values) data += name + one;
  }
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/** Whether `signature` is Twilio's for this request; compared in constant time. */
export function isValidTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: TwilioParams,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(computeTwilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
