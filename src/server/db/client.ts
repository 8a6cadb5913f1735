// Opens the database: embedded PGlite in DATA_DIR when no DATABASE_URL is set, PostgreSQL through
// `pg` otherwise. Both are driven through the same Drizzle API and the same SQL migrations.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { MIGRATION_LOCK_CLASS } from "./advisory-locks.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a transaction callback receives; commands accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** how the job queue reaches this database: the same embedded instance, or its own small pool */
  jobConnection:
    | { kind: "pglite"; client: PGlite }
    | { kind: "postgres"; url: string; poolSize: number };
  /** true when the database answers a trivial query */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

/** Connections the job queue keeps of its own on PostgreSQL (workers, its maintenance, LISTEN). */
const JOB_QUEUE_POOL_SIZE = 4;

/**
 * The extensions the migrations create, which the embedded database must load to open: btree_gist
 * for the appointments' exclusion constraints (decision 0025). PostgreSQL has them in its contrib.
 */
export const PGLITE_EXTENSIONS = { btree_gist };

export const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));

export type OpenOptions =
  | {
      kind: "pglite";
      dataDir?: string | undefined;
      /** an in-memory database's starting data directory (a tar from dumpDataDir), for tests */
      load?: Blob | undefined;
    }
  | { kind: "postgres"; url: string; poolSize?: number; searchPath?: string };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === "pglite") {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    const client = options.dataDir
      ? new PGlite(path.resolve(options.dataDir), { extensions: PGLITE_EXTENSIONS })
      : new PGlite({
          extensions: PGLITE_EXTENSIONS,
          ...(options.load ? { loadDataDir: options.load } : {}),
        });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: "pglite",
      jobConnection: { kind: "pglite", client },
      ping: () => pingWith(db),
      close: async () => {
        if (!client.closed) await client.close();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 20,
    // Also the longest a request waits for a free connection: while the database is unreachable,
    // or the pool is exhausted by overload, requests fail within 2 s with a 503 instead of hanging.
    connectionTimeoutMillis: 2_000,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // Nor may a checked-out client whose connection drops between two queries (in a transaction,
  // say): pg emits that as an 'error' event with no listener, which would kill the process. Its
  // next query fails instead (a 503), and the pool discards it on release.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migrateWithLock(pool, options.searchPath);
  return {
    db,
    kind: "postgres",
    jobConnection: { kind: "postgres", url: options.url, poolSize: JOB_QUEUE_POOL_SIZE },
    ping: () => pingWith(db),
    close: () => pool.end(),
  };
}

/** Nodes starting together on a fresh database must not run the migrations twice at once. */
async function migrateWithLock(pool: pg.Pool, searchPath: string | undefined) {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1, 0)", [MIGRATION_LOCK_CLASS]);
    await migratePg(drizzlePg(client, { schema }), {
      migrationsFolder,
      ...(searchPath ? { migrationsSchema: searchPath } : {}),
    });
  } finally {
    await client.query("select pg_advisory_unlock($1, 0)", [MIGRATION_LOCK_CLASS]).catch(() => {});
    client.release();
  }
}

/** Readiness must answer quickly when the database is unreachable, not after the connect timeout. */
const PING_TIMEOUT_MS = 1_000;

async function pingWith(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(resolve, PING_TIMEOUT_MS, false);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timedOut]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs one hot statement by name: on PostgreSQL it is prepared once per connection and then only
 * bound and executed (no parse or plan per call, no query building); on PGlite it is an ordinary
 * parameterised query. `text` must be a constant for `name`. For the few statements on the path
 * of every visitor's request; everything else goes through Drizzle.
 */
export async function queryPrepared<Row>(
  db: Db,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query({ name, text, values });
    return result.rows as Row[];
  }
  const result = await client.query<Row>(text, values);
  return result.rows;
}

/** Runs a raw statement and answers its rows: both drivers (pg, PGlite) give them as objects. */
export async function executeRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}
