// The real app on a fresh test database with the per-address rate limits raised far above what a
// contract test sends, so thousands of requests from one address reach validation instead of 429.
import { buildTestApp } from "../test-app.ts";

/** Limits no contract test reaches; counters stay in this process (an empty REDIS_URL is unset). */
export const RAISED_RATE_LIMITS = {
  RATE_LIMIT_JOIN_PER_MINUTE: "10000000",
  RATE_LIMIT_LOOKUP_PER_MINUTE: "10000000",
  REDIS_URL: "",
};

/** buildTestApp with some environment variables set while the config is read, then restored. */
export async function buildTestAppWithEnv(
  env: Record<string, string>,
  options: { seed?: boolean } = {},
) {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return await buildTestApp(options);
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
