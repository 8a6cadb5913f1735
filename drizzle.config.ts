// drizzle-kit reads the schema and writes SQL migrations to ./drizzle (committed, applied at start).
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema.ts",
  out: "./drizzle",
});
