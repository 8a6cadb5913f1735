// Playwright fixture for the kiosk and embed tests that need other vendor settings: a second real
// server (e2e/fixtures-modes-serve.ts) and a tiny host page on another origin that frames the
// visitor pages, one of each per worker, started on first use and stopped when the worker ends.
import { createServer as createHttpServer, type Server } from "node:http";
import { test as base } from "@playwright/test";
import { freePort, startProductServer } from "./server-process.ts";

export const KIOSK_MESSAGE = "Welcome! Staff at the front desk can help with anything else.";

export type ModesServer = {
  /** the Northwind Bank demo vendor: kiosk booking and message on, the host page may frame it */
  northwind: string;
  /** the Harbour Clinic demo vendor: its kiosks start over on its own kiosk page */
  harbour: string;
  /** a page on another origin (localhost vs 127.0.0.1) that frames ?src= and records heights */
  hostPage: string;
};

/** The vendor's page: an iframe of ?src= that takes the heights the embedded page reports. */
const HOST_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Northwind Bank branches</title></head>
<body><main aria-label="Northwind Bank"><h1>Visit a branch</h1>
<iframe id="nextline" title="Join the line" style="width: 100%; border: 0; height: 200px"></iframe>
</main>
<script>
  window.heights = [];
  const frame = document.getElementById("nextline");
  window.addEventListener("message", (event) => {
    if (event.data && event.data.type === "nextline:height") {
      window.heights.push(event.data.height);
      frame.style.height = event.data.height + "px";
    }
  });
  frame.src = new URLSearchParams(location.search).get("src");
</script></body></html>`;

function startHostPage(port: number): Promise<Server> {
  const server = createHttpServer((_, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(HOST_PAGE);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

export const test = base.extend<object, { modesServer: ModesServer }>({
  modesServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from this pattern
    async ({}, use) => {
      const hostPort = await freePort();
      const hostOrigin = `http://localhost:${hostPort}`;
      const host = await startHostPage(hostPort);
      try {
        const server = await startProductServer({
          name: "modes",
          script: "e2e/fixtures-modes-serve.ts",
          env: { FRAME_HOST_ORIGIN: hostOrigin, KIOSK_MESSAGE },
        });
        try {
          await use({
            northwind: server.url,
            harbour: `http://harbour.localhost:${server.port}`,
            hostPage: `${hostOrigin}/`,
          });
        } finally {
          await server.stop();
        }
      } finally {
        host.close();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
});

export { expect } from "@playwright/test";
