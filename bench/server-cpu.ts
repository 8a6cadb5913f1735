// CPU time the server side spends: this process (the app) and the PostgreSQL backends serving
// its database (Linux /proc). Divided by the requests of a run it costs one request in CPU
// milliseconds, a figure a busy shared machine disturbs far less than requests per second.
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/client.ts";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU milliseconds used so far by the backends now connected to the current database. */
async function databaseCpuMs(db: Db): Promise<Map<number, number>> {
  const result = (await db.execute(
    sql`select pid from pg_stat_activity where datname = current_database()`,
  )) as unknown as { rows: { pid: number }[] };
  const used = new Map<number, number>();
  for (const { pid } of result.rows) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      used.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
    } catch {
      // a backend on another machine or one that just ended: not counted
    }
  }
  return used;
}

export type CpuSpent = { appMs: number; databaseMs: number };

/** Starts counting; the returned function tells the CPU spent since. */
export async function startCpuCount(db: Db): Promise<() => Promise<CpuSpent>> {
  const app = process.cpuUsage();
  const before = await databaseCpuMs(db);
  return async () => {
    const appUsage = process.cpuUsage(app);
    const after = await databaseCpuMs(db);
    let databaseMs = 0;
    for (const [pid, ms] of after) databaseMs += ms - (before.get(pid) ?? 0);
    return { appMs: (appUsage.user + appUsage.system) / 1000, databaseMs };
  };
}
