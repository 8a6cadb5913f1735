// The build's compile hints (vite.config.ts): which chunks get V8's hint, and their source maps.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { compileHints } from "../../vite.config.ts";

const webRoot = fileURLToPath(new URL("../../src/web", import.meta.url));
const big = "x".repeat(20_000);

type Chunk = {
  fileName: string;
  code: string;
  imports?: string[];
  isEntry?: boolean;
  facade?: string;
};

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the chunks and their maps as a build would, then runs the plugin's writeBundle on them. */
function build(chunks: Chunk[]) {
  dir = mkdtempSync(path.join(tmpdir(), "compile-hints-"));
  const bundle: Record<string, unknown> = {};
  for (const chunk of chunks) {
    writeFileSync(path.join(dir, chunk.fileName), chunk.code);
    writeFileSync(
      path.join(dir, `${chunk.fileName}.map`),
      JSON.stringify({ version: 3, mappings: "AAAA;AACA", sources: ["a.ts"], names: [] }),
    );
    bundle[chunk.fileName] = {
      type: "chunk",
      fileName: chunk.fileName,
      imports: chunk.imports ?? [],
      isEntry: chunk.isEntry ?? false,
      facadeModuleId: chunk.facade ? path.join(webRoot, chunk.facade) : null,
    };
  }
  const plugin = compileHints();
  const writeBundle = plugin.writeBundle as (options: { dir: string }, bundle: unknown) => void;
  writeBundle.call({}, { dir }, bundle);
  const read = (file: string) => readFileSync(path.join(dir, file), "utf8");
  return {
    hinted: (file: string) => read(file).startsWith("//# allFunctionsCalledOnLoad\n"),
    mappings: (file: string) => (JSON.parse(read(`${file}.map`)) as { mappings: string }).mappings,
  };
}

describe("compile hints", () => {
  it("mark the entry, the pages' first chunks and the idle-loaded rules with all they import, if large", () => {
    const out = build([
      { fileName: "index.js", code: big, isEntry: true, imports: ["react.js", "tiny.js"] },
      { fileName: "react.js", code: big },
      { fileName: "tiny.js", code: "export const a = 1;" },
      {
        fileName: "form.js",
        code: big,
        facade: "visitor/callback-service/callback-form.tsx",
        imports: ["shared.js"],
      },
      { fileName: "shared.js", code: big },
      {
        fileName: "rules.js",
        code: big,
        facade: "visitor/callback-service/join-rules.ts",
        imports: ["zod.js"],
      },
      { fileName: "zod.js", code: big },
      {
        fileName: "lobby.js",
        code: big,
        facade: "office/lobby/lobby-page.tsx",
        imports: ["react.js"],
      },
    ]);
    for (const file of ["index.js", "react.js", "form.js", "shared.js", "rules.js", "zod.js"])
      expect(out.hinted(file), file).toBe(true);
    expect(out.hinted("tiny.js")).toBe(false);
    expect(out.hinted("lobby.js")).toBe(false);
  });

  it("shift each hinted file's source map by the line the hint takes, and leave the others", () => {
    const out = build([
      { fileName: "index.js", code: big, isEntry: true },
      { fileName: "lazy.js", code: big },
    ]);
    expect(out.mappings("index.js")).toBe(";AAAA;AACA");
    expect(out.mappings("lazy.js")).toBe("AAAA;AACA");
  });

  it("hints a chunk once, however many chunks import it", () => {
    const out = build([
      { fileName: "index.js", code: big, isEntry: true, imports: ["react.js"] },
      {
        fileName: "form.js",
        code: big,
        facade: "visitor/callback-service/callback-form.tsx",
        imports: ["react.js"],
      },
      { fileName: "react.js", code: big },
    ]);
    expect(out.mappings("react.js")).toBe(";AAAA;AACA");
  });
});
