// The open (anonymous) and internal (staff) routes the app really serves, read from Fastify's route
// tree, so the fuzz and the OpenAPI check fail when a new route is added without them.
import type { App } from "../../src/server/app.ts";

/** The open routes' addresses: /api/v{n}/open/…, and the visitor pages' own /cx/{area}/api/v{n}/…. */
export const OPEN_ROUTE = /^\/(?:api\/v\d+\/open|cx\/[^/]+\/api\/v\d+)\//;

/** "GET /api/v2/open/locations/{id}" for every open route and method (HEAD left out), sorted. */
export function openRoutesOf(app: App): string[] {
  return routesOf(app, OPEN_ROUTE);
}

/** "GET /api/internal/v1/dashboard" for every staff API route and method (HEAD left out), sorted. */
export function internalRoutesOf(app: App): string[] {
  return routesOf(app, /^\/api\/internal\/v1\//);
}

function routesOf(app: App, prefix: RegExp): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  // Lines look like "│   └── /:id (GET, HEAD)": the depth is the position of the branch mark.
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^(.*?)(?:├── |└── )(.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (prefixes[depth - 1] ?? "") + match[2]!;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    if (!prefix.test(path) || !match[3]) continue;
    for (const method of match[3].split(", "))
      if (method !== "HEAD") routes.push(`${method} ${path.replace(/:(\w+)/g, "{$1}")}`);
  }
  return routes.sort();
}
