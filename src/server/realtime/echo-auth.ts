// Reads what laravel-echo's socket.io connector sends: `subscribe`/`unsubscribe` with
// { channel, auth }, where `auth` is the Echo `auth` option verbatim ({ headers: {...}, ...}).
import { z } from "zod";
import { bearerTokenFrom } from "./staff-token.ts";

export const channelMessageSchema = z.object({
  channel: z.string().min(1).max(200),
  auth: z.unknown().optional(),
});
export type ChannelMessage = z.infer<typeof channelMessageSchema>;

const text = z.string().min(1).max(10_000);
const authSchema = z.object({
  headers: z.record(z.string(), z.unknown()).optional(),
  confirm_code: text.optional(),
  code: text.optional(),
  /** several appointments on one connection: { "<appointment id>": "<confirm code>" } */
  confirm_codes: z.record(z.string(), text).optional(),
  /** private locations' boards: { "<location id>": "<board link token>" } */
  board_tokens: z.record(z.string(), text).optional(),
});
type EchoAuth = z.infer<typeof authSchema>;

function parseAuth(auth: unknown): EchoAuth {
  const parsed = authSchema.safeParse(auth);
  return parsed.success ? parsed.data : {};
}

function header(auth: EchoAuth, name: string): unknown {
  const wanted = name.toLowerCase();
  const entry = Object.entries(auth.headers ?? {}).find(([key]) => key.toLowerCase() === wanted);
  return entry?.[1];
}

/** The confirm code for one appointment: confirm_codes[id], confirm_code, code, or an X-Confirm-Code header. */
export function confirmCodeFrom(auth: unknown, queueAppointmentId: number): string | undefined {
  const parsed = parseAuth(auth);
  const fromHeader = header(parsed, "X-Confirm-Code");
  return (
    parsed.confirm_codes?.[String(queueAppointmentId)] ??
    parsed.confirm_code ??
    parsed.code ??
    (typeof fromHeader === "string" && fromHeader.length > 0 ? fromHeader : undefined)
  );
}

/** The bearer token Echo puts in auth.headers.Authorization when created with `bearerToken`. */
export function bearerFrom(auth: unknown): string | undefined {
  return bearerTokenFrom(header(parseAuth(auth), "Authorization"));
}

/** The board link's token for a location's public channel (a private location's TV board). */
export function boardTokenFrom(auth: unknown, locationId: number): string | undefined {
  return parseAuth(auth).board_tokens?.[String(locationId)];
}
