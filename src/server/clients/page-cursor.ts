// The opaque cursor of a client's pages (search results, walk-ins, appointments, timeline): the sort
// values of a page's last row, written by this server and refused (422 on `page[cursor]`) when it
// did not write them. Instants keep the microseconds the database compares.
import { AppError } from "../http/app-error.ts";

const PREFIX = "c1";

export function encodePageCursor(values: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify([PREFIX, ...values]), "utf8").toString("base64url");
}

export const invalidCursor = () =>
  new AppError("unprocessable", {
    code: "invalid_cursor",
    messageId: "Errors.invalid_value",
    parameter: "page[cursor]",
  });

/** Ids and ranks fit a PostgreSQL integer; instants (`t`, epoch ms) a JavaScript Date. */
const MAX = { n: 2_147_483_647, t: 8_640_000_000_000_000 } as const;

/**
 * The values of a cursor, checked against the shape the page wrote (`s` string, `n` integer that
 * fits an integer column, `t` an instant in epoch milliseconds).
 */
export function decodePageCursor<const S extends readonly ("s" | "n" | "t")[]>(
  raw: string,
  shape: S,
): { [K in keyof S]: S[K] extends "s" ? string : number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed[0] !== PREFIX || parsed.length !== shape.length + 1) {
    throw invalidCursor();
  }
  const values = parsed.slice(1);
  shape.forEach((kind, index) => {
    const value = values[index];
    const ok =
      kind === "s"
        ? typeof value === "string" && value.length <= 600 && !value.includes("\u0000")
        : Number.isSafeInteger(value) && value >= 0 && value <= MAX[kind];
    if (!ok) throw invalidCursor();
  });
  return values as { [K in keyof S]: S[K] extends "s" ? string : number };
}

/** An instant as text to the microsecond, as the database compares it. */
export const MICROSECONDS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
export const INSTANT_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function checkInstant(text: string): string {
  if (!INSTANT_TEXT.test(text) || Number.isNaN(Date.parse(text))) throw invalidCursor();
  return text;
}
