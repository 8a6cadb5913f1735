// Every environment variable the server reads, parsed and documented in one place.
// A bad value stops the process with one line naming the variable (see main.ts).
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { trustProxySchema } from "./http/trust-proxy.ts";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const postgresUrl = z
  .string()
  .url()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), "must start with postgres:// or postgresql://");

const redisUrl = z
  .string()
  .url()
  .refine((v) => /^rediss?:\/\//.test(v), "must start with redis:// or rediss://");

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  DATA_DIR: z.string().min(1).default("./data"),
  REDIS_URL: redisUrl.optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DEFAULT_VENDOR: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must be a vendor slug (lower-case letters, digits, dashes)")
    .default("demo"),
  SEED_DEMO: booleanFlag.default(true),
  /** how long the setup link printed at the first start of an empty database works */
  SETUP_TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** the proxies believed about the client: false, a hop count or addresses (http/trust-proxy.ts) */
  TRUST_PROXY: trustProxySchema.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  RATE_LIMIT_JOIN_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_LOOKUP_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  JOIN_CATALOG_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** load shedding's event-loop backstop; unset: 250 ms on PostgreSQL, off on the embedded database */
  LOAD_SHEDDING_MAX_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  JOB_WORKERS: booleanFlag.default(true),
  EVENT_LEASE_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  HANDLED_EVENT_RETENTION_DAYS: z.coerce.number().int().min(15).max(3650).default(30),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default("Nextline <no-reply@localhost>"),
  /** log: SMS go to the message log only (development); twilio: Twilio's REST Messages API */
  SMS_PROVIDER: z.enum(["log", "twilio"]).default("log"),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, "must be AC and 32 hex digits")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  /** the sending number (E.164) or messaging service SID (MG…) */
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
      "must be an E.164 number or a messaging service SID",
    )
    .optional(),
  TWILIO_API_BASE: z.string().url().default("https://api.twilio.com"),
  MAP_TILE_URL: z.string().min(1).default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  GEOCODER_URL: z.string().url().optional(),
});

type ParsedEnv = z.infer<typeof configSchema>;

export type Config = Omit<ParsedEnv, "SESSION_SECRET" | "PUBLIC_URL"> & {
  SESSION_SECRET: string;
  PUBLIC_URL: string;
};

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError whose message names the first bad variable. */
export function parseConfig(env: Record<string, string | undefined>): ParsedEnv {
  // Empty strings mean "unset", as in most .env tooling.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ""),
  );
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const shown = cleaned[name] === undefined ? "" : ` (got "${cleaned[name]}")`;
    throw new ConfigError(`Invalid ${name}${shown}: ${issue.message}`);
  }
  // Twilio cannot be spoken to, nor its webhooks believed, without all three.
  if (result.data.SMS_PROVIDER === "twilio") {
    for (const name of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const) {
      if (result.data[name] === undefined)
        throw new ConfigError(`Missing ${name}: required when SMS_PROVIDER=twilio`);
    }
  }
  return result.data;
}

/** Reads the session secret from DATA_DIR, creating it on first start, so restarts keep sessions. */
function sessionSecretFrom(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create it
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = parseConfig(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    ...parsed,
    DATA_DIR: dataDir,
    SESSION_SECRET: parsed.SESSION_SECRET ?? sessionSecretFrom(dataDir),
    PUBLIC_URL: parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`,
  };
}
