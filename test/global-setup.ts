// Vitest's global setup. On the embedded database, one migrated PGlite before the test files
// start: its data directory, written to a temporary file, is where each file's database starts
// (test/test-database.ts), instead of PGlite's initdb and every migration once per file. The demo
// staff's passwords are hashed once here too, for the seed each file runs (test/test-app.ts).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "../src/server/db/client.ts";
import { hashDemoPasswords } from "../src/server/demo/seed.ts";
import { DEMO_PASSWORD_HASHES_ENV } from "./test-app.ts";
import { MIGRATED_DUMP_ENV } from "./test-database.ts";

export default async function setup(): Promise<() => Promise<void>> {
  process.env[DEMO_PASSWORD_HASHES_ENV] = JSON.stringify([...(await hashDemoPasswords())]);
  // On PostgreSQL each file creates and migrates its own database: copying a migrated template
  // measured slower than that (WAL-logged copy of the whole catalog), so there is none.
  if (process.env.DATABASE_URL) return async () => {};
  const database = await openDatabase({ kind: "pglite" });
  if (database.jobConnection.kind !== "pglite") throw new Error("expected PGlite");
  const client: PGlite = database.jobConnection.client;
  const dump = await client.dumpDataDir("none");
  await database.close();
  const directory = mkdtempSync(path.join(os.tmpdir(), "nextline-test-db-"));
  const file = path.join(directory, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[MIGRATED_DUMP_ENV] = file;
  return async () => rmSync(directory, { recursive: true, force: true });
}
