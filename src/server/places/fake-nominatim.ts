// A Nominatim-compatible geocoder on loopback for tests: answers /search with the places given,
// records every request, and can be told to fail, so the real HTTP client is what gets tested.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type FakePlace = {
  place_id: number;
  osm_type: string;
  osm_id: number;
  name: string;
  display_name: string;
  lat: string;
  lon: string;
};

export type FakeNominatim = {
  url: string;
  requests: { url: URL; headers: IncomingHttpHeaders }[];
  /** the next answers: a status to fail with, or the places to send */
  answer(next: number | unknown[]): void;
  close(): Promise<void>;
};

export async function startFakeNominatim(places: unknown[]): Promise<FakeNominatim> {
  let next: number | unknown[] = places;
  const requests: FakeNominatim["requests"] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    requests.push({ url, headers: request.headers });
    if (url.pathname !== "/search") {
      response.writeHead(404).end();
      return;
    }
    if (typeof next === "number") {
      response.writeHead(next, { "content-type": "text/plain" }).end("unavailable");
      return;
    }
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(next));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(value) {
      next = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const TORONTO_CITY_HALL: FakePlace = {
  place_id: 1001,
  osm_type: "way",
  osm_id: 26_113_744,
  name: "Toronto City Hall",
  display_name: "Toronto City Hall, 100, Queen Street West, Toronto, Ontario, M5H 2N2, Canada",
  lat: "43.6534817",
  lon: "-79.3839347",
};
