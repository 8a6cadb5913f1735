// `npm run seed` seeds the demo data into an empty database; `npm run seed -- --reset` deletes
// all rows and seeds again. Opens the same database the server would (DATABASE_URL or DATA_DIR).
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { resetDemoData, seedDemoDataIfEmpty } from "./seed.ts";

const USAGE = "usage: npm run seed [-- --reset]";

async function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== "--reset");
  if (unknown.length) {
    process.stderr.write(`seed: unknown argument ${unknown.join(" ")}\n${USAGE}\n`);
    process.exit(2);
  }
  const reset = args.includes("--reset");
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: "postgres", url: config.DATABASE_URL, poolSize: 2 }
      : { kind: "pglite", dataDir: `${config.DATA_DIR}/pglite` },
  );
  const where =
    database.kind === "postgres"
      ? "PostgreSQL (DATABASE_URL)"
      : `PGlite at ${config.DATA_DIR}/pglite`;
  try {
    if (reset) {
      await resetDemoData(database.db);
      process.stdout.write(
        `seed: deleted all rows and seeded the demo vendors again in ${where}\n`,
      );
    } else if (await seedDemoDataIfEmpty(database.db)) {
      process.stdout.write(
        `seed: seeded the demo vendors (Northwind Bank, Harbour Clinic) into ${where}\n`,
      );
    } else {
      process.stdout.write(
        `seed: ${where} already has data; nothing changed (use --reset to rebuild)\n`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  const message =
    error instanceof ConfigError
      ? error.message
      : error instanceof Error
        ? error.stack
        : String(error);
  process.stderr.write(`seed: failed: ${message}\n`);
  process.exit(1);
});
