// The join benchmark's yardstick, registered only in the benchmark process: POST /bench/baseline
// parses the same JSON:API body through the same app and does one plain INSERT into a small table
// of the same database, so "≥ 40 % of the baseline" compares the join with the least a write costs.
import { sql } from "drizzle-orm";
import type { App } from "../src/server/app.ts";
import { JSON_API } from "../src/server/http/error-handler.ts";

export const BASELINE_PATH = "/bench/baseline";

type JoinLikeBody = {
  data?: { relationships?: { client?: { data?: { attributes?: { first_name?: unknown } } } } };
};

export async function registerBaselineInsertRoute(app: App) {
  const { db } = app.database;
  await db.execute(sql`
    create table if not exists bench_baseline_inserts (
      id serial primary key,
      first_name text not null,
      created_at timestamptz not null default now()
    )`);
  app.post(BASELINE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const name = (request.body as JoinLikeBody)?.data?.relationships?.client?.data?.attributes
      ?.first_name;
    const result = (await db.execute(
      sql`insert into bench_baseline_inserts (first_name) values (${String(name ?? "")}) returning id`,
    )) as unknown as { rows: { id: number }[] };
    reply.code(201).type(JSON_API);
    return { data: { type: "bench-baseline-inserts", id: String(result.rows[0]!.id) } };
  });
}
