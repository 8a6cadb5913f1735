// The parts of a fuzzed request other than the body: query strings (random, repeated and bracketed
// keys, broken percent-encoding), path ids, content types, languages and hosts.
import fc from "fast-check";
import { JSON_API } from "../../src/server/http/error-handler.ts";
import { nastyString } from "./fuzz-values.ts";

/** Written into a URL without encoding: legal there, odd for a parser (%ED%A0%80 is a lone surrogate). */
const rawFragments = [
  "%",
  "%zz",
  "%E0%A4%A",
  "%ED%A0%80",
  "%FF",
  "%00",
  "+",
  "[]",
  "[",
  "]",
  ";",
  "==",
  "..",
  "%2F",
];

/** encodeURIComponent, which throws on a lone surrogate: those are sent as U+FFFD (raw ones above). */
export const encode = (value: string) =>
  encodeURIComponent(
    value.replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      "\ufffd",
    ),
  );

const encodedOrRaw = (text: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 4, arbitrary: text.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...rawFragments) },
  );

/** A query string built from the endpoint's own keys (often) and random ones, in any shape. */
export function queryString(
  known: { key: string; values: fc.Arbitrary<string> }[],
): fc.Arbitrary<string> {
  const knownPair = known.length
    ? fc
        .constantFrom(...known)
        .chain(({ key, values }) =>
          fc.tuple(
            fc.constantFrom(key, `${key}[]`, `${key}[0]`, `${key}[x][y]`, key.toUpperCase()),
            encodedOrRaw(fc.oneof(values, nastyString)),
          ),
        )
        .map(
          ([key, value]) => `${encode(key).replaceAll("%5B", "[").replaceAll("%5D", "]")}=${value}`,
        )
    : fc.constant("x=1");
  const randomPair = fc
    .tuple(encodedOrRaw(nastyString), encodedOrRaw(nastyString), fc.boolean())
    .map(([key, value, bare]) => (bare ? key : `${key}=${value}`));
  const lang = fc
    .oneof(fc.constantFrom("fr", "pt-BR", "zh-cn", "de", "xx-YY", "en;q=0"), nastyString)
    .map((value) => `lang=${encode(value)}`);
  const pair = fc.oneof(
    { weight: 5, arbitrary: knownPair },
    { weight: 2, arbitrary: randomPair },
    { weight: 1, arbitrary: lang },
  );
  return fc
    .tuple(fc.array(pair, { maxLength: 6 }), fc.constantFrom("&", "&&", ";"))
    .map(([pairs, separator]) => (pairs.length ? `?${pairs.join(separator)}` : ""));
}

/** Ids for a path segment: real ones, another vendor's, negative, huge, and not ids at all. */
export function pathId(realIds: readonly number[], foreignIds: readonly number[]) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...realIds).map(String) },
    { weight: 2, arbitrary: fc.constantFrom(...foreignIds).map(String) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "0",
        "-1",
        "01",
        "1.5",
        "1e3",
        "2147483648",
        "99999999999999999999",
      ),
    },
    { weight: 1, arbitrary: fc.integer({ min: -5_000_000_000, max: 5_000_000_000 }).map(String) },
    { weight: 3, arbitrary: encodedOrRaw(nastyString) },
  );
}

/** The content type sent with a body: mostly the right ones, then wrong, odd or missing. */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(JSON_API, "application/json") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      `${JSON_API}; ext="https://jsonapi.org/ext/atomic"`,
      "application/json; charset=latin1",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "APPLICATION/JSON",
      "application/json;;;",
      "*/*",
      "",
    ),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** Accept-Language values, well-formed or not; only characters a header may carry. */
export const acceptLanguage: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom("fr", "es-MX,es;q=0.9", "zh-CN", "*", "de;q=abc", ",,,", "x".repeat(500)),
  fc.string({ unit: "grapheme-ascii", maxLength: 30 }).filter((v) => !/[\r\n\0]/.test(v)),
);
