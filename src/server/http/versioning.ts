// Optimistic concurrency for back-office objects: each carries a `version` that every change bumps.
// A read answers with `ETag: "<version>"`; a save sends it back as `If-Match`. When the object moved
// on meanwhile the save changes nothing and answers 409 `version_conflict` with the object as it is
// now in `meta.current`, so the page can show what the other person changed. A save without
// If-Match (an integrator that does not care) writes over whatever is there.
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "./app-error.ts";

const ENTITY_TAG = /^\s*(?:W\/)?"(\d{1,9})"\s*$/;

/** The version the caller edited, from If-Match; undefined when the header is absent or `*`. */
export function ifMatchVersion(request: FastifyRequest): number | undefined {
  const header = request.headers["if-match"];
  if (header === undefined || header.trim() === "*") return undefined;
  const match = ENTITY_TAG.exec(header);
  if (!match) {
    throw new AppError("bad_request", {
      code: "if_match_invalid",
      messageId: "Errors.if_match_invalid",
    });
  }
  return Number(match[1]);
}

/** Sets the entity tag of a presented object. */
export function setVersionTag(reply: FastifyReply, version: number): void {
  reply.header("etag", `"${version}"`);
}

/** Throws 409 when the caller edited another version than the one stored. */
export function assertVersion(
  expected: number | undefined,
  stored: number,
  current: () => unknown,
): void {
  if (expected === undefined || expected === stored) return;
  throw versionConflict(current());
}

export function versionConflict(current: unknown): AppError {
  return new AppError(
    "conflict",
    { code: "version_conflict", messageId: "Errors.version_conflict" },
    { meta: { current } },
  );
}
