// Hostile values for the open API fuzz: strings with NUL, lone surrogates, control and bidi
// characters, huge strings, giant or negative numbers written as raw JSON, and deep nesting.
import fc from "fast-check";

/** A fragment of JSON text put into a document as is (numbers JSON.stringify cannot write). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

export const specialStrings = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\ufeff",
  "\u202eevil",
  "😀👨‍👩‍👧",
  "\r\n\t",
  "%",
  "%00",
  "%zz",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "99999999999999999999999",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "__proto__",
  "constructor",
  "../../etc/passwd",
  "https://example.com/phish",
  "123456789012",
  "+14155550123",
  "grace@example.com",
  "kiosk",
  "cancelled",
];

/** Strings a careless server could choke on. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...specialStrings) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.oneof(fc.string({ maxLength: 4 }), loneSurrogate, fc.constant("\u0000")), {
        maxLength: 8,
      })
      .map((parts) => parts.join("")),
  },
);

/** Long strings: over most field limits, and (the longest) over the 256 KiB body limit. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(101, 1_001, 10_001, 300_000), fc.constantFrom("a", "é", "8", "😀"))
  .map(([length, unit]) => unit.repeat(length));

/** Numbers at and past every edge, as raw JSON so 1e400 and 20-digit integers stay as written. */
export const oddNumber: fc.Arbitrary<RawJson | number> = fc.oneof(
  fc.constantFrom(
    new RawJson("1e400"),
    new RawJson("-1e400"),
    new RawJson("123456789012345678901234567890"),
    new RawJson("-0"),
    new RawJson("0.0000001"),
    new RawJson("2147483648"),
    new RawJson("9007199254740993"),
  ),
  fc.integer({ min: -3_000_000_000, max: 3_000_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1.5, 2_147_483_647),
);

/** [[[…]]] or {"a":{"a":…}} nested `depth` times, as raw JSON. */
export const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(50, 1_000, 20_000), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? new RawJson(`${"[".repeat(depth)}${"]".repeat(depth)}`)
      : new RawJson(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
  );

/** Any value at all where a member is expected. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: oddNumber },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: deepNesting },
);

/** Keys for members that should not be there, prototype poisoning among them. */
export const oddKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "id", "type", "data", "", "\u0000"),
  fc.string({ maxLength: 12 }),
);
