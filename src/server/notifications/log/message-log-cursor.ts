// The opaque cursor of the message log: the (created_at, id) of the last message of a page, with
// created_at to the microsecond as the database keeps it, so no message falls between two pages.
import { AppError } from "../../http/app-error.ts";

export type MessageLogCursor = { createdAt: string; id: number };

const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeMessageLogCursor(cursor: MessageLogCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, "utf8").toString("base64url");
}

/** The cursor a client sent back; anything this server did not write is a 422 on `before`. */
export function decodeMessageLogCursor(raw: string): MessageLogCursor {
  const [createdAt, id, ...rest] = Buffer.from(raw, "base64url").toString("utf8").split("|");
  if (
    rest.length > 0 ||
    !createdAt ||
    !CREATED_AT.test(createdAt) ||
    Number.isNaN(Date.parse(createdAt)) ||
    !id ||
    !/^[1-9]\d{0,17}$/.test(id)
  ) {
    throw new AppError("unprocessable", {
      code: "invalid_cursor",
      messageId: "Errors.invalid_value",
    });
  }
  return { createdAt, id: Number(id) };
}
