// Node runs the server, its scripts and the browser tests' fixtures by stripping the TypeScript
// types (no build step), so those files may hold only erasable syntax: no parameter property, enum
// or namespace. Vitest compiles with esbuild, which accepts them, so without this test a file Node
// refuses passes every unit test and only fails when the server starts. Each file goes through the
// same stripper Node uses.
import { readdirSync, readFileSync } from "node:fs";
import { stripTypeScriptTypes } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CsvProblems } from "../../src/server/imports/csv.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Every .ts file (not .tsx: those are bundled by Vite) under the folder, relative to the root. */
function typeScriptFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
    .map((file) => path.join(folder, file));
}

/** The message Node's stripper gives for the source, or null when it runs as is. */
function refusal(source: string): string | null {
  try {
    stripTypeScriptTypes(source, { mode: "strip" });
    return null;
  } catch (error) {
    return (error as Error).message.split("\n")[0] ?? "refused";
  }
}

describe("TypeScript that Node runs by stripping types", () => {
  it("refuses a parameter property, as Node does, which esbuild accepts", () => {
    expect(refusal("class A { constructor(private readonly b: string) {} }")).toMatch(
      /parameter property/,
    );
    expect(refusal("class A { readonly b: string; constructor(b: string) { this.b = b; } }")).toBe(
      null,
    );
  });

  it("holds only erasable syntax in the server, the shared code, scripts and browser-test fixtures", () => {
    const files = ["src/server", "src/shared", "scripts", "e2e", "test/fakes"].flatMap(
      typeScriptFiles,
    );
    expect(files.length).toBeGreaterThan(100);
    const refused = files
      .map((file) => ({ file, problem: refusal(readFileSync(path.join(root, file), "utf8")) }))
      .filter((entry) => entry.problem !== null);
    expect(refused).toEqual([]);
  });

  it("keeps the import report's problems in the file's column order", () => {
    const problems = new CsvProblems(["name", "city", "country"]);
    problems.add(3, "country", "Errors.invalid_value");
    problems.add(3, "name", "Errors.required");
    problems.add(2, "city", "Errors.required");
    expect(problems.listed().map((p) => [p.row, p.column])).toEqual([
      [2, "city"],
      [3, "name"],
      [3, "country"],
    ]);
  });
});
