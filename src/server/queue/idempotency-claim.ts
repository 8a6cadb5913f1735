// An Idempotency-Key as a join binds it: to the vendor, the route, the caller and a hash of the
// body. The same caller retrying the same body on the same route within 24 h gets the first answer;
// another caller's same key is simply another key (nothing is ever replayed to anyone else), and
// the same caller's key with another body is refused (422 idempotency_key_reused).
import { createHash } from "node:crypto";
import { z } from "zod";
import { AppError } from "../http/app-error.ts";

/** The routes that take an Idempotency-Key; each has its own keys. */
export type IdempotencyRoute = "open.join" | "lobby.walk-in" | "open.book" | "staff.book";

export type IdempotencyClaim = {
  route: IdempotencyRoute;
  /** who sent it: `csrf:…` for a visitor's browser (openCallerOf), `user:{id}` for a staff member */
  caller: string;
  key: string;
  /** SHA-256 (hex) of the body as the route parsed it, so spacing and member order do not count */
  requestHash: string;
};

/** The claim of a request that carries a key. */
export function idempotencyClaimOf(options: {
  route: IdempotencyRoute;
  caller: string;
  key: string;
  body: unknown;
}): IdempotencyClaim {
  return {
    route: options.route,
    caller: options.caller,
    key: options.key,
    requestHash: createHash("sha256").update(JSON.stringify(options.body)).digest("hex"),
  };
}

/** The caller of a staff route: the signed-in user, whichever session or device they use. */
export const staffCaller = (userId: number) => `user:${userId}`;

export const idempotencyKeyReused = () =>
  new AppError("unprocessable", {
    code: "idempotency_key_reused",
    messageId: "Errors.idempotency_key_reused",
  });

/** The Idempotency-Key header as the routes that take one accept it, with what it does there. */
export const idempotencyKeyHeader = (description: string) =>
  z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, "Errors.invalid_value")
    .optional()
    .describe(description);
