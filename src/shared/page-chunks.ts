// Which page code a visitor address renders first, named by module (paths relative to src/web, as in
// the build manifest). The browser entry starts these chunks at once (src/web/router.tsx); the
// server names them in the page's HTML as module preloads (src/server/http/page-preloads.ts), so
// they download alongside the entry instead of after it.
export const PAGE_CHUNK_MODULES = {
  home: "visitor/home/home-page.tsx",
  confirmation: "visitor/confirmation/confirmation-page.tsx",
  finderPage: "visitor/location-finder/location-finder-page.tsx",
  tv: "visitor/tv/tv-board-page.tsx",
  callback: "visitor/callback-service/callback-service-page.tsx",
  form: "visitor/callback-service/callback-form.tsx",
  finder: "visitor/location-finder/location-finder.tsx",
} as const;

export type PageChunk = keyof typeof PAGE_CHUNK_MODULES;

/** The message catalog of a language as the build manifest names it (the catalogs live in src/shared/i18n). */
export function catalogModule(locale: string): string {
  return `../shared/i18n/${locale}.json`;
}

/** The chunks the page at this address renders first. */
export function pageChunksFor(pathname: string, search: URLSearchParams): PageChunk[] {
  const path = pathname.replace(/\/+$/, "").toLowerCase();
  if (path === "") return ["home"];
  const [first, second, ...rest] = path.split("/").filter(Boolean);
  if (first !== "callback-service" || rest.length > 0) return [];
  if (second === "confirmation" || second === "manage") return ["confirmation"];
  if (second === "location") return ["finderPage"];
  if (!second) return ["callback", "finder"];
  if (search.get("mode")?.trim().toLowerCase() === "tv") return ["tv"];
  return ["callback", "form"];
}
