// A fresh database for each test file: PGlite in memory by default; with DATABASE_URL set,
// a new schema on that PostgreSQL server, dropped again when the file's tests end.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../src/server/db/client.ts";

export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ kind: "pglite" });
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = await openDatabase({ kind: "postgres", url, poolSize: 10, searchPath: schema });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}
