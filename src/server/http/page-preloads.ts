// The HTML of a visitor page, naming in its head what that page needs first: the page's own chunks
// (src/shared/page-chunks.ts) with what they import and the likely language's catalog, as module
// preloads, and the API reads the entry starts at once, as fetch preloads. Without them the browser
// learns of these only once the entry script has downloaded and run, a chain of round trips that a
// phone on a slow network feels; with them they load alongside the entry. What the built index.html preloads already (the entry's imports) is
// not repeated. Built from Vite's manifest once per page kind and language, then served from memory.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { LOCALES, type Locale } from "../../shared/domain.ts";
import { matchLocale, negotiateLocale } from "../../shared/locale.ts";
import { catalogModule, PAGE_CHUNK_MODULES, pageChunksFor } from "../../shared/page-chunks.ts";

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** The page's HTML for this address and Accept-Language. */
export type PageHtml = (url: string, acceptLanguage: string | undefined) => string;

/**
 * Only Vite's hashed asset names go into the HTML. Both kinds carry `crossorigin`, as the tags Vite
 * writes and inserts do: a preload whose credentials mode differs from the request is not used.
 */
const ASSET_FILE = /^assets\/[\w.-]+\.(js|css)$/;

/**
 * Reads the built index.html and manifest from `webRoot`; null when either is missing (a build
 * without a manifest is served as it is).
 */
export function createPageHtml(webRoot: string): PageHtml | null {
  const indexFile = path.join(webRoot, "index.html");
  const manifestFile = path.join(webRoot, ".vite", "manifest.json");
  if (!existsSync(indexFile) || !existsSync(manifestFile)) return null;
  const html = readFileSync(indexFile, "utf8");
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  const headEnd = html.indexOf("</head>");
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (headEnd < 0 || !entryKey) return null;
  const inIndex = staticClosure(manifest, entryKey);

  const built = new Map<string, string>();
  return (url, acceptLanguage) => {
    let address: URL;
    try {
      address = new URL(url, "http://page");
    } catch {
      return html; // an address no page answers ("//["): the app shows its not-found page
    }
    const { pathname, searchParams } = address;
    const modules = pageChunksFor(pathname, searchParams).map((chunk) => PAGE_CHUNK_MODULES[chunk]);
    const locale = likelyLocale(searchParams.get("lang"), acceptLanguage);
    const key = `${modules.join(",")}|${locale}`;
    let head = built.get(key);
    if (head === undefined) {
      head = `${html.slice(0, headEnd)}${preloadLinks(manifest, [...modules, catalogModule(locale)], inIndex)}`;
      built.set(key, head);
    }
    return `${head}${dataPreloads(pathname, searchParams, locale)}${html.slice(headEnd)}`;
  };
}

/**
 * The API reads the browser entry starts at once (src/web/main.tsx), at the very addresses it
 * reads them: the vendor's state on every page (with `lang` when the address asks for one), and on
 * a location's page the location and its services in the likely language. A preload is used only by
 * a request for the same URL; one the page does not make (the visitor chose another language
 * earlier in the tab) costs one read and a console warning, never a wrong answer.
 */
function dataPreloads(pathname: string, search: URLSearchParams, locale: Locale): string {
  const requested = matchLocale(search.get("lang"));
  const urls = [`/api/v2/open/vendor${requested ? `?lang=${requested}` : ""}`];
  const locationId = /^\/callback-service\/(\d{1,12})\/?$/i.exec(pathname)?.[1];
  if (locationId) {
    urls.push(
      `/api/v2/open/locations/${locationId}?lang=${locale}`,
      `/api/v2/open/queue-appointments-services/${locationId}?lang=${locale}`,
    );
  }
  return urls.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`).join("");
}

/** As the browser entry guesses it before the vendor answers (src/web/i18n/requested-locale.ts). */
function likelyLocale(query: string | null, acceptLanguage: string | undefined): Locale {
  return matchLocale(query, LOCALES) ?? negotiateLocale(acceptLanguage ?? "", LOCALES, "en");
}

function preloadLinks(manifest: Manifest, modules: string[], skip: Set<string>): string {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const module of modules) {
    if (!manifest[module]) continue;
    for (const key of staticClosure(manifest, module)) {
      const chunk = manifest[key];
      if (!chunk || skip.has(key)) continue;
      scripts.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
    }
  }
  const links = [
    ...[...scripts]
      .filter((file) => ASSET_FILE.test(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...[...styles]
      .filter((file) => ASSET_FILE.test(file))
      .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ];
  return links.join("");
}

/** The chunk at `key` and everything it imports statically, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}
