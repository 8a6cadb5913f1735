// The browser policy of every response: a Content-Security-Policy that lets the pages load from
// this origin only, plus the map tiles' host (MAP_TILE_URL) and the vendor's logo; and a
// Permissions-Policy that turns off every powerful feature the pages do not use. The realtime
// socket is same-origin ('self' covers ws:/wss: to this host); the geocoder (GEOCODER_URL) is
// called by the server, never by the browser, so it has no place here. Decision 0014.
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";

/**
 * The origin of a tile URL template as a CSP source: "https://tile.openstreetmap.org" from
 * "https://tile.openstreetmap.org/{z}/{x}/{y}.png", "https://*.tile.example" from
 * "https://{s}.tile.example/…". Null for a template that names no http(s) origin.
 */
export function tileSource(template: string): string | null {
  const wildcard = template.replace(/\{s\}/g, "subdomain-placeholder");
  let url: URL;
  try {
    url = new URL(wildcard.replace(/\{[a-z]+\}/gi, "0"));
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.host.replace(/^subdomain-placeholder\./, "*.");
  if (host.includes("subdomain-placeholder")) return null;
  return `${url.protocol}//${host}`;
}

/** An image URL's origin as a CSP source, for the vendor's logo; null for anything else. */
export function imageOrigin(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Helmet's CSP directives for this install. */
export function contentSecurityPolicyDirectives(config: Pick<Config, "MAP_TILE_URL">) {
  const tiles = tileSource(config.MAP_TILE_URL);
  return {
    "default-src": ["'self'"],
    "img-src": ["'self'", "data:", ...(tiles ? [tiles] : [])],
    "font-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "connect-src": ["'self'"],
    "frame-ancestors": ["'self'"],
  };
}

/**
 * Every powerful feature off, except those a page uses: the TV board keeps the screen on
 * (screen-wake-lock) and may go full screen; the home page asks for the position, only when the
 * visitor presses "Show the nearest first", and only for its own origin (a frame of another
 * origin gets none). No page asks for the camera or the microphone.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "gyroscope=()",
  "hid=()",
  "idle-detection=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
  "fullscreen=(self)",
  "geolocation=(self)",
  "screen-wake-lock=(self)",
].join(", ");

/** The policy with `source` added to its img-src directive. */
export function withImageSource(policy: string, source: string): string {
  return policy
    .split(";")
    .map((part) => {
      const directive = part.trim();
      if (!/^img-src(\s|$)/i.test(directive)) return directive;
      return directive.split(/\s+/).includes(source) ? directive : `${directive} ${source}`;
    })
    .filter((directive) => directive !== "")
    .join(";");
}

/**
 * Sets the Permissions-Policy on every response and, on the pages' HTML, lets img-src reach the
 * vendor's logo (a vendor setting, so per request, as frame-ancestors is).
 */
export function registerBrowserPolicies(app: FastifyInstance): void {
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const type = String(reply.getHeader("content-type") ?? "");
    if (!type.startsWith("text/html")) return payload;
    let logo: string | null;
    try {
      logo = imageOrigin((await request.vendor()).theme.logo_url);
    } catch {
      return payload; // no vendor for this host: nothing to add
    }
    const policy = reply.getHeader("content-security-policy");
    if (logo && typeof policy === "string") {
      reply.header("content-security-policy", withImageSource(policy, logo));
    }
    return payload;
  });
}
