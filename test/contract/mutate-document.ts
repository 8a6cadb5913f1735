// Structural mutations of a valid request body for the fuzz: members removed, duplicated, retyped,
// swapped for another vendor's ids, wrapped in arrays, and bodies that are not JSON at all. The
// result is the body's text, since duplicate keys and 1e400 cannot be built with JSON.stringify.
import fc from "fast-check";
import { anyValue, deepNesting, hugeString, nastyString, oddKey, RawJson } from "./fuzz-values.ts";

/** An object written with these members in order, so a key may appear twice. */
class Members {
  readonly entries: [string, unknown][];
  constructor(entries: [string, unknown][]) {
    this.entries = entries;
  }
}

type Mutation =
  | { kind: "remove"; at: number }
  | { kind: "replace"; at: number; value: unknown }
  | { kind: "duplicate"; at: number; value: unknown }
  | { kind: "add"; at: number; key: string; value: unknown }
  | { kind: "wrap"; at: number }
  | { kind: "foreign"; at: number }
  | { kind: "taint"; at: number; poison: string };

type Path = (string | number)[];

/** Every path into the document (containers and leaves), root first. */
function pathsOf(value: unknown, path: Path = []): Path[] {
  const found: Path[] = [path];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) found.push(...pathsOf(item, [...path, i]));
  }
  // RawJson and Members (left by an earlier mutation) are leaves.
  else if (
    value &&
    typeof value === "object" &&
    !(value instanceof RawJson || value instanceof Members)
  )
    for (const [key, item] of Object.entries(value)) found.push(...pathsOf(item, [...path, key]));
  return found;
}

function valueAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], root);
}

function replaceAt(root: unknown, path: Path, make: (current: unknown) => unknown): unknown {
  if (path.length === 0) return make(root);
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[head as number] = replaceAt(copy[head as number], rest, make);
    return copy;
  }
  const object = root as Record<string, unknown>;
  return { ...object, [head!]: replaceAt(object[head!], rest, make) };
}

function apply(document: unknown, mutation: Mutation, swapIds: IdSwap): unknown {
  const paths = pathsOf(document);
  if (mutation.kind === "taint") {
    // A text the database cannot store, hidden inside one of the document's strings.
    const texts = paths.filter((p) => typeof valueAt(document, p) === "string");
    if (texts.length === 0) return document;
    return replaceAt(document, texts[mutation.at % texts.length]!, (text) => {
      const value = text as string;
      const cut = mutation.at % (value.length + 1);
      return value.slice(0, cut) + mutation.poison + value.slice(cut);
    });
  }
  if (mutation.kind === "foreign") {
    const ids = paths.filter((p) => swapIds(valueAt(document, p)) !== null);
    if (ids.length === 0) return document;
    return replaceAt(document, ids[mutation.at % ids.length]!, swapIds);
  }
  const path = paths[mutation.at % paths.length]!;
  const parentPath = path.slice(0, -1);
  const key = path[path.length - 1];
  switch (mutation.kind) {
    case "remove":
      if (key === undefined) return undefined;
      return replaceAt(document, parentPath, (parent) =>
        Array.isArray(parent)
          ? parent.filter((_, i) => i !== key)
          : Object.fromEntries(Object.entries(parent as object).filter(([k]) => k !== key)),
      );
    case "replace":
      return replaceAt(document, path, () => mutation.value);
    case "duplicate":
      if (typeof key !== "string")
        return replaceAt(document, path, (current) => [current, current]);
      return replaceAt(document, parentPath, (parent) => {
        const entries = Object.entries(parent as object);
        return new Members([...entries, [key, mutation.value]]);
      });
    case "add":
      return replaceAt(document, path, (current) =>
        current && typeof current === "object" && !Array.isArray(current)
          ? new Members([...Object.entries(current), [mutation.key, mutation.value]])
          : current,
      );
    case "wrap":
      return replaceAt(document, path, (current) => [current]);
  }
}

/** Maps an id of the request's vendor to another vendor's (when the value is one), else null. */
export type IdSwap = (value: unknown) => unknown;

/** JSON text of a document that may hold RawJson fragments and Members. */
export function toJsonText(value: unknown): string {
  if (value === undefined) return "";
  if (value instanceof RawJson) return value.text;
  if (value instanceof Members)
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(",")}}`;
  if (Array.isArray(value)) return `[${value.map((item) => toJsonText(item ?? null)).join(",")}]`;
  if (value && typeof value === "object")
    return toJsonText(new Members(Object.entries(value as Record<string, unknown>)));
  return JSON.stringify(value);
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("remove" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("replace" as const), at: fc.nat(), value: anyValue }),
  fc.record({ kind: fc.constant("duplicate" as const), at: fc.nat(), value: anyValue }),
  fc.record({ kind: fc.constant("add" as const), at: fc.nat(), key: oddKey, value: anyValue }),
  fc.record({ kind: fc.constant("wrap" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("foreign" as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant("taint" as const),
    at: fc.nat(),
    poison: fc.constantFrom("\u0000", "\ud800", "\udfff\udfff", "\ud83d"),
  }),
);

/** Text that is not a JSON document, or not the object a body must be. */
const notJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "null",
    "[]",
    "123",
    '"text"',
    "{",
    '{"data":',
    "{'data':{}}",
    "\ufeff{}",
  ),
  fc.constantFrom('{"data":{},}', "undefined", "NaN", '{"__proto__":{"x":1}}', "[{}]"),
  nastyString,
  deepNesting.map((raw) => raw.text),
  hugeString,
);

/**
 * Bodies derived from `valid` documents: most with one to three structural mutations, some left
 * valid (so the fuzz also goes past validation), some not JSON at all.
 */
export function mutatedBody(valid: readonly unknown[], swapIds: IdSwap): fc.Arbitrary<string> {
  const base = fc.constantFrom(...valid);
  return fc.oneof(
    { weight: 2, arbitrary: base.map(toJsonText) },
    {
      weight: 12,
      arbitrary: fc
        .tuple(base, fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([document, mutations]) =>
          toJsonText(mutations.reduce((doc, m) => apply(doc, m, swapIds), document)),
        ),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(base, fc.nat()).map(([document, cut]) => {
        const text = toJsonText(document);
        return text.slice(0, cut % text.length);
      }),
    },
    { weight: 2, arbitrary: notJson },
  );
}
