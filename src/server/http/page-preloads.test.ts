import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_CHUNK_MODULES } from "../../shared/page-chunks.ts";
import { createPageHtml, type PageHtml } from "./page-preloads.ts";

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/index-E.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-R.js">
  </head>
  <body><div id="root"></div></body>
</html>
`;

const INDEX_PRELOAD = '<link rel="modulepreload" crossorigin href="/assets/react-R.js">';

/** A manifest shaped as Vite writes it: the entry, shared chunks, pages and catalogs. */
const MANIFEST = {
  "index.html": { file: "assets/index-E.js", isEntry: true, imports: ["_react-R.js"] },
  "_react-R.js": { file: "assets/react-R.js" },
  "_form-rules-F.js": { file: "assets/form-rules-F.js", imports: ["_react-R.js"] },
  "visitor/callback-service/callback-service-page.tsx": {
    file: "assets/callback-service-page-C.js",
    imports: ["index.html", "_react-R.js"],
    css: ["assets/callback-service-page-C.css"],
  },
  "visitor/callback-service/callback-form.tsx": {
    file: "assets/callback-form-F.js",
    imports: ["index.html", "_form-rules-F.js"],
  },
  "visitor/home/home-page.tsx": { file: "assets/home-page-H.js", imports: ["index.html"] },
  "../shared/i18n/en.json": { file: "assets/en-1.js" },
  "../shared/i18n/es.json": { file: "assets/es-2.js" },
  "../shared/i18n/fr.json": { file: "assets/fr-3.js" },
  "../shared/i18n/pt-BR.json": { file: "assets/pt-BR-4.js" },
};

describe("visitor page HTML with the page's code preloaded", () => {
  let root: string;
  let pageHtml: PageHtml;

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), "nextline-page-html-"));
    mkdirSync(path.join(root, ".vite"));
    writeFileSync(path.join(root, "index.html"), INDEX);
    writeFileSync(path.join(root, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
    const created = createPageHtml(root);
    if (!created) throw new Error("expected page HTML");
    pageHtml = created;
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** the links added to the built index.html (which preloads the entry's imports itself) */
  const preloads = (html: string) =>
    [
      ...html
        .replace(INDEX_PRELOAD, "")
        .matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g),
    ].map((match) => `${match[1]} ${match[2]}`);

  it("names a location's form page, its imports and the catalog, in the head, once each", () => {
    const html = pageHtml("/callback-service/12", "en-US,en;q=0.9");
    expect(preloads(html)).toEqual([
      "modulepreload /assets/callback-service-page-C.js",
      "modulepreload /assets/callback-form-F.js",
      "modulepreload /assets/form-rules-F.js",
      "modulepreload /assets/en-1.js",
      "preload /assets/callback-service-page-C.css",
      "preload /api/v2/open/vendor",
      "preload /api/v2/open/locations/12?lang=en",
      "preload /api/v2/open/queue-appointments-services/12?lang=en",
    ]);
    expect(html.indexOf("callback-form-F.js")).toBeLessThan(html.indexOf("</head>"));
    expect(html).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/callback-service-page-C.css">',
    );
    // the rest of the document is untouched
    expect(html.replace(/<link rel="(modulepreload|preload)"[^>]*>/g, "")).toBe(
      INDEX.replace(/<link rel="modulepreload"[^>]*>/, ""),
    );
  });

  it("takes the language from ?lang=, else the browser's languages, else English", () => {
    expect(pageHtml("/?lang=es", "fr")).toContain("/assets/es-2.js");
    expect(pageHtml("/", "pt-PT,pt;q=0.9")).toContain("/assets/pt-BR-4.js");
    expect(pageHtml("/", "fr;q=0.5, xx")).toContain("/assets/fr-3.js");
    const unknown = pageHtml("/?lang=klingon", "tlh");
    expect(unknown).toContain("/assets/en-1.js");
    expect(unknown).toContain("/assets/home-page-H.js");
    expect(pageHtml("/", undefined)).toContain("/assets/en-1.js");
  });

  it("preloads only the catalog for a page it does not know, and skips modules not built", () => {
    const html = pageHtml("/lobby", "en");
    expect(preloads(html)).toEqual([
      "modulepreload /assets/en-1.js",
      "preload /api/v2/open/vendor",
    ]);
    // the finder is not in this manifest: nothing is named for it
    expect(preloads(pageHtml("/callback-service", "en"))).toContain(
      "modulepreload /assets/callback-service-page-C.js",
    );
  });

  it("preloads the API reads at the addresses the page makes them", () => {
    const fetches = (html: string) => preloads(html).filter((link) => link.includes("/api/"));
    // ?lang= goes to the vendor read as the page asks for it, matched to a product language
    expect(fetches(pageHtml("/callback-service/7?lang=pt", "fr"))).toEqual([
      "preload /api/v2/open/vendor?lang=pt-BR",
      "preload /api/v2/open/locations/7?lang=pt-BR",
      "preload /api/v2/open/queue-appointments-services/7?lang=pt-BR",
    ]);
    expect(fetches(pageHtml("/callback-service/7/", "fr"))).toContain(
      "preload /api/v2/open/locations/7?lang=fr",
    );
    // only a location id the API could answer, nothing from an address is written as it came
    for (const odd of [
      "/callback-service/abc",
      "/callback-service/%3Cscript%3E",
      "/callback-service/1e3",
    ])
      expect(fetches(pageHtml(odd, "en"))).toEqual(["preload /api/v2/open/vendor"]);
    expect(pageHtml('/callback-service/"><script>', "en")).not.toContain("<script>");
    expect(fetches(pageHtml("/callback-service/confirmation?id=1&code=x", "en"))).toEqual([
      "preload /api/v2/open/vendor",
    ]);
  });

  it("answers an address it cannot parse with the plain page", () => {
    expect(pageHtml("//[", "en")).toBe(INDEX);
  });

  it("is the same head for every address of the same kind", () => {
    const head = (html: string) => html.replace(/<link rel="preload" as="fetch"[^>]*>/g, "");
    expect(head(pageHtml("/callback-service/12?utm_source=x", "en"))).toBe(
      head(pageHtml("/callback-service/99", "en")),
    );
  });

  it("leaves the build as it is without a manifest", () => {
    const bare = mkdtempSync(path.join(tmpdir(), "nextline-page-html-"));
    writeFileSync(path.join(bare, "index.html"), INDEX);
    expect(createPageHtml(bare)).toBeNull();
    rmSync(bare, { recursive: true, force: true });
  });
});

describe("the page chunk map", () => {
  const webRoot = fileURLToPath(new URL("../../web/", import.meta.url));
  const router = readFileSync(path.join(webRoot, "router.tsx"), "utf8");
  /** The router loads `module` lazily, itself or through a route element it imports beside it. */
  const loadsLazily = (module: string) =>
    router.includes(`import("./${module}")`) ||
    [...router.matchAll(/from "\.\/([^"]+)"/g)].some(([, file]) => {
      if (path.posix.dirname(file!) !== path.posix.dirname(module)) return false;
      const source = readFileSync(path.join(webRoot, file!), "utf8");
      return source.includes(`import("./${path.posix.basename(module)}")`);
    });

  it.each(Object.entries(PAGE_CHUNK_MODULES))(
    "names %s as the module the router loads",
    (_, module) => {
      expect(existsSync(path.join(webRoot, module))).toBe(true);
      expect(loadsLazily(module)).toBe(true);
    },
  );
});
