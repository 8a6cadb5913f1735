// The vendor's API keys for integrators (docs/api-keys.md): GET|POST /api/internal/v1/api-keys and
// POST /api/internal/v1/api-keys/{id}/revoke. A key is shown whole once, in the creation's
// `meta.token`; afterwards only its public prefix is ever listed.
import { z } from "zod";
import { PERMISSIONS, type Permission } from "../permissions.ts";
import { storableText } from "../queue/storable-text.ts";
import { instant } from "./appointment.ts";

export const API_KEY_NAME_MAX = 100;

/** The token's fixed start, so secret scanners and people can tell a Nextline key. */
export const API_KEY_TOKEN_START = "nlk_";
/** "nlk_" and 12 base64url characters: the public part, unique, shown in lists */
export const API_KEY_PREFIX_LENGTH = API_KEY_TOKEN_START.length + 12;
/** the secret: 32 random bytes in base64url */
export const API_KEY_SECRET_LENGTH = 43;

/**
 * The permissions a key may be given. Left out: what only a person at a screen does (their own
 * account, a kiosk device), what would let a key outlive its revocation by minting new keys or
 * changing sign-in (security.manage), and the platform operator's rights.
 */
const SESSION_ONLY: readonly Permission[] = [
  "account.self",
  "kiosk.use",
  "security.manage",
  "platform.manage",
];
export const API_KEY_SCOPES = PERMISSIONS.filter((p) => !SESSION_ONLY.includes(p)) as [
  Permission,
  ...Permission[],
];
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The page's groups of scopes, by the first part of the permission's name. */
export const API_KEY_SCOPE_GROUPS = [
  { id: "queue", scopes: API_KEY_SCOPES.filter((s) => s.startsWith("queue.")) },
  {
    id: "clients",
    scopes: API_KEY_SCOPES.filter((s) => s.startsWith("clients.") || s === "conversations.use"),
  },
  {
    id: "schedule",
    scopes: API_KEY_SCOPES.filter(
      (s) => s.startsWith("schedule.") || s.startsWith("appointments."),
    ),
  },
  {
    id: "insights",
    scopes: API_KEY_SCOPES.filter(
      (s) =>
        s.startsWith("dashboard.") ||
        s.startsWith("reports.") ||
        s.startsWith("analytics.") ||
        s === "messages.view",
    ),
  },
  {
    id: "administration",
    scopes: API_KEY_SCOPES.filter((s) =>
      [
        "staff.manage",
        "groups.manage",
        "hours.manage",
        "booking_shortcuts.manage",
        "tv_board.manage",
        "locations.manage",
        "services.manage",
        "settings.manage",
      ].includes(s),
    ),
  },
] as const satisfies readonly { id: string; scopes: readonly Permission[] }[];

export const apiKeyCreateSchema = z
  .object({
    data: z
      .object({
        type: z.literal("api-keys", "Errors.invalid_value"),
        attributes: z
          .object({
            name: storableText(API_KEY_NAME_MAX)
              .refine((v) => v.trim() !== "", "Errors.required")
              .transform((v) => v.trim()),
            scopes: z
              .array(z.enum(API_KEY_SCOPES, "ApiKeys.scope_unknown"), "Errors.invalid_value")
              .min(1, "ApiKeys.scopes_required")
              .max(API_KEY_SCOPES.length, "Errors.invalid_value"),
            expires_at: instant.nullable().optional(),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;
export type ApiKeyCreateAttributes = z.output<typeof apiKeyCreateSchema>["data"]["attributes"];

export const API_KEY_STATES = ["active", "expired", "revoked"] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

export const apiKeyResourceSchema = z.object({
  type: z.literal("api-keys"),
  id: z.string(),
  attributes: z.object({
    name: z.string(),
    prefix: z.string().describe("the token's public start; the rest is never shown again"),
    scopes: z.array(z.string()),
    state: z.enum(API_KEY_STATES),
    created_at: z.string(),
    created_by: z.string().nullable().describe("the creator's name; null once the account is gone"),
    expires_at: z.string().nullable(),
    last_used_at: z.string().nullable().describe("to the minute: updated at most once a minute"),
    revoked_at: z.string().nullable(),
  }),
});
export type ApiKeyResource = z.output<typeof apiKeyResourceSchema>;

export const apiKeyListSchema = z.object({ data: z.array(apiKeyResourceSchema) });

/** The creation's answer: the only time the whole token is ever given out. */
export const apiKeyCreatedSchema = z.object({
  data: apiKeyResourceSchema,
  meta: z.object({
    token: z.string().describe("the whole key, shown this once; only its SHA-256 is stored"),
  }),
});
export type ApiKeyCreated = z.output<typeof apiKeyCreatedSchema>;
