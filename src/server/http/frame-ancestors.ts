// Who may frame the visitor pages (spec §2 mode=embed): the vendor's own `frame_ancestors` origins
// plus 'self', in the CSP frame-ancestors of the visitor pages' HTML. Helmet sets 'self' for every
// response; this narrows the change to visitor page HTML, so the back office and the API can never
// be framed by another site.
import type { FastifyInstance } from "fastify";

/** Paths of the visitor app (spec §2); the back office's pages keep 'self' only. */
const VISITOR_PAGES = [
  /^\/$/,
  /^\/location\/?$/,
  /^\/(how|where)\/?$/,
  /^\/callback-service(\/.*)?$/,
  /^\/select-[a-z-]+(\/.*)?$/,
  /^\/attendee-details\/?$/,
  /^\/s\/.+$/,
];

export function isVisitorPagePath(url: string): boolean {
  const path = url.split("?")[0] ?? "/";
  return VISITOR_PAGES.some((pattern) => pattern.test(path));
}

/** 'self' plus each configured http(s) origin once, as CSP sources (paths and queries dropped). */
export function frameAncestorSources(configured: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const entry of configured) {
    try {
      const url = new URL(entry);
      if (url.protocol === "https:" || url.protocol === "http:") origins.add(url.origin);
    } catch {
      // the settings schema takes only URLs; anything else is skipped rather than written into CSP
    }
  }
  return ["'self'", ...origins];
}

/** The CSP with its frame-ancestors directive set to `sources` (added when absent). */
export function withFrameAncestors(policy: string, sources: readonly string[]): string {
  const directive = `frame-ancestors ${sources.join(" ")}`;
  const directives = policy
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "" && !/^frame-ancestors(\s|$)/i.test(part));
  return [...directives, directive].join(";");
}

export function registerFrameAncestors(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const type = String(reply.getHeader("content-type") ?? "");
    if (!type.startsWith("text/html") || !isVisitorPagePath(request.url)) return payload;
    let configured: readonly string[];
    try {
      configured = (await request.vendor()).settings.frame_ancestors;
    } catch {
      return payload; // no vendor for this host: the default 'self' stands
    }
    const sources = frameAncestorSources(configured);
    if (sources.length === 1) return payload;
    const policy = reply.getHeader("content-security-policy");
    if (typeof policy === "string") {
      reply.header("content-security-policy", withFrameAncestors(policy, sources));
    }
    // X-Frame-Options knows only one origin; frame-ancestors replaces it in every current browser.
    reply.removeHeader("x-frame-options");
    return payload;
  });
}
