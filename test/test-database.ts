// A fresh database for each test file: PGlite in memory by default; with DATABASE_URL set, a new
// database on that PostgreSQL server (the migrations name the public schema, so a schema per file
// would not isolate), dropped again when the file's tests end.
//
// Under Vitest, on PGlite, test/global-setup.ts migrates one database before the files start and
// each file's database loads its data directory instead of running initdb and every migration
// again. Elsewhere (PostgreSQL, benchmarks, browser-test servers, the fault suite) each database
// is created and migrated afresh.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { type Database, openDatabase } from "../src/server/db/client.ts";

/** Set by test/global-setup.ts: the migrated PGlite data directory, as a tar file. */
export const MIGRATED_DUMP_ENV = "NEXTLINE_TEST_MIGRATED_DUMP";

/** Creates an empty database on the server of `url` and returns its URL and a function that drops it. */
export async function createScratchDatabase(
  url: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `nextline_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dump = process.env[MIGRATED_DUMP_ENV];
    if (!dump) return openDatabase({ kind: "pglite" });
    return openDatabase({ kind: "pglite", load: new Blob([readFileSync(dump)]) });
  }
  const scratch = await createScratchDatabase(url);
  const database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 10 });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
