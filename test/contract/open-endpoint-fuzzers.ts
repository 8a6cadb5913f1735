// One request generator per open endpoint (docs/api.md) for the fuzz: the endpoint's own path ids,
// query keys and bodies, made hostile, plus odd hosts, languages, content types and CSRF headers.
import fc from "fast-check";
import { CSRF_HEADER } from "../../src/server/http/csrf.ts";
import { OTHER_VENDOR_HOST, VENDOR_HOST } from "../factories/queue-scenario.ts";
import { acceptLanguage, contentType, encode, pathId, queryString } from "./fuzz-requests.ts";
import { nastyString } from "./fuzz-values.ts";
import type { Appointment, FuzzWorld } from "./fuzz-world.ts";
import { mutatedBody } from "./mutate-document.ts";
import type { SentRequest } from "./well-formed-answer.ts";

export type EndpointFuzzer = {
  /** "METHOD /path/{param}", as openRoutesOf names it */
  name: string;
  request: fc.Arbitrary<SentRequest>;
  /** statuses the fuzz must produce at least once, so it provably reaches past validation */
  mustSee: number[];
};

const host = fc.oneof(
  { weight: 12, arbitrary: fc.constant(VENDOR_HOST) },
  { weight: 1, arbitrary: fc.constantFrom(OTHER_VENDOR_HOST, "nowhere.example", "") },
);

/** Ways of spelling a real confirm code (the look-up forgives case, hyphens and I/L/O) and wrong ones. */
function codeFor(appointment: Appointment): fc.Arbitrary<string> {
  const { code } = appointment;
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(code) },
    { weight: 1, arbitrary: fc.constant(code.toLowerCase().replace(/(.{4})/g, "$1-")) },
    { weight: 1, arbitrary: fc.constant(code.replaceAll("1", "l").replaceAll("0", "O")) },
    { weight: 2, arbitrary: nastyString },
  );
}

function headers(
  parts: {
    host: string;
    language: string | undefined;
    csrf?: "valid" | "missing" | "wrong" | "no-cookie" | "other-vendor-cookie";
    contentType?: string | undefined;
    extra?: Record<string, string>;
  },
  world: FuzzWorld,
): Record<string, string> {
  const result: Record<string, string> = { ...parts.extra };
  if (parts.host) result.host = parts.host;
  if (parts.language !== undefined) result["accept-language"] = parts.language;
  if (parts.contentType !== undefined) result["content-type"] = parts.contentType;
  const { csrfToken, cookie, otherCookie } = world.session;
  if (parts.csrf === "valid") Object.assign(result, { cookie, [CSRF_HEADER]: csrfToken });
  if (parts.csrf === "missing") result.cookie = cookie;
  if (parts.csrf === "wrong") Object.assign(result, { cookie, [CSRF_HEADER]: `${csrfToken}x` });
  if (parts.csrf === "no-cookie") result[CSRF_HEADER] = csrfToken;
  if (parts.csrf === "other-vendor-cookie")
    Object.assign(result, { cookie: otherCookie, [CSRF_HEADER]: csrfToken });
  return result;
}

const csrf = fc.oneof(
  { weight: 16, arbitrary: fc.constant("valid" as const) },
  { weight: 1, arbitrary: fc.constantFrom("missing", "wrong", "no-cookie", "other-vendor-cookie") },
);

const idempotencyKey = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme-ascii", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "x".repeat(256), "ключ", "a b") },
);

function getter(
  name: string,
  path: fc.Arbitrary<string>,
  query: fc.Arbitrary<string>,
  world: FuzzWorld,
  mustSee: number[],
): EndpointFuzzer {
  return {
    name,
    mustSee,
    request: fc.record({ path, query, host, language: acceptLanguage }).map((r) => ({
      method: "GET",
      url: `${r.path}${r.query}`,
      headers: headers({ host: r.host, language: r.language }, world),
    })),
  };
}

function sender(
  name: string,
  method: "POST" | "PATCH",
  target: fc.Arbitrary<{ path: string; body: string }>,
  world: FuzzWorld,
  mustSee: number[],
  key: fc.Arbitrary<string | undefined> = fc.constant(undefined),
): EndpointFuzzer {
  return {
    name,
    mustSee,
    request: fc
      .record({ target, host, language: acceptLanguage, csrf, type: contentType, key })
      .map((r) => ({
        method,
        url: r.target.path,
        payload: r.target.body,
        headers: headers(
          {
            host: r.host,
            language: r.language,
            csrf: r.csrf,
            contentType: r.type,
            extra: r.key === undefined ? {} : { "idempotency-key": r.key },
          },
          world,
        ),
      })),
  };
}

/** A fixed path with fuzzed bodies. */
const at = (path: string, body: fc.Arbitrary<string>) => body.map((text) => ({ path, body: text }));

/** The fuzzer with each run from its own client address: for a limit no config raises. */
function fromManyAddresses(fuzzer: EndpointFuzzer): EndpointFuzzer {
  return {
    ...fuzzer,
    request: fc
      .tuple(fuzzer.request, fc.integer({ min: 1, max: 65_000 }))
      .map(([request, n]) => ({ ...request, remoteAddress: `10.77.${n >> 8}.${n & 255}` })),
  };
}

/** YYYY-MM-DD `days` after today (UTC): the availability fuzz asks around the real today. */
const dateFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The availability call's query: mostly its own parameters, each right more often than not and a
 * range that is often valid (so the engine runs), plus random pairs; or any mix of its keys.
 */
function availabilityQuery(world: FuzzWorld): fc.Arbitrary<string> {
  const { foreignIds } = world;
  const mostly = <T>(right: fc.Arbitrary<T>, other: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 5, arbitrary: right }, { weight: 1, arbitrary: other });
  const date = fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: -3, max: 70 }).map(dateFromToday) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "2026-02-30",
        "2026-13-01",
        "1999-12-31",
        "2100-01-01",
        "20261201",
        "2026-1-1",
        "",
      ),
    },
    { weight: 1, arbitrary: nastyString },
  );
  // Mostly from a day near today for up to 65 days (62 is the most taken), else any two dates.
  const range = mostly(
    fc
      .tuple(fc.integer({ min: -3, max: 70 }), fc.integer({ min: 0, max: 65 }))
      .map(([first, length]) => [dateFromToday(first), dateFromToday(first + length)] as const),
    fc.tuple(date, date),
  );
  const odd = (max: number) =>
    fc.oneof(
      fc.integer({ min: -1, max: max + 10 }).map(String),
      fc.constantFrom("01", "1.0", "1e0", " 1", "9".repeat(30), ""),
      nastyString,
    );
  const parameters = {
    service_id: mostly(
      fc.constantFrom(...world.serviceIds).map(String),
      pathId(world.serviceIds, foreignIds),
    ),
    location_id: mostly(
      fc.constantFrom(...world.locationIds).map(String),
      pathId(world.locationIds, foreignIds),
    ),
    staff_id: mostly(
      fc.constant(String(world.scenario.staff.id)),
      pathId([world.scenario.staff.id], foreignIds),
    ),
    meeting_method: mostly(fc.constantFrom("1", "2", "3", "4"), odd(4)),
    attendees: mostly(fc.integer({ min: 1, max: 50 }).map(String), odd(50)),
  };
  const optional = (key: keyof typeof parameters) =>
    fc.option(
      parameters[key].map((value) => `&${key}=${encode(value)}`),
      { nil: "" },
    );
  const wellShaped = fc
    .record({
      service: parameters.service_id,
      location: parameters.location_id,
      range,
      staff: optional("staff_id"),
      method: optional("meeting_method"),
      attendees: optional("attendees"),
      extra: fc.oneof({ weight: 4, arbitrary: fc.constant("") }, queryString([])),
    })
    .map((r) => {
      const [from, to] = r.range;
      return `?service_id=${encode(r.service)}&location_id=${encode(r.location)}&from=${encode(from)}&to=${encode(to)}${r.staff}${r.method}${r.attendees}${r.extra.replace("?", "&")}`;
    });
  const anyMix = queryString([
    ...Object.entries(parameters).map(([key, values]) => ({ key, values })),
    { key: "from", values: date },
    { key: "to", values: date },
  ]);
  return fc.oneof({ weight: 4, arbitrary: wellShaped }, { weight: 1, arbitrary: anyMix });
}

export function openEndpointFuzzers(world: FuzzWorld): EndpointFuzzer[] {
  const { waiting, cancellable, completed, foreignIds, swapIds } = world;
  const appointments = [...waiting, ...cancellable, ...completed];
  const ids = appointments.map((a) => a.id);
  const locationId = pathId(world.locationIds, foreignIds);
  const serviceValue = fc.constantFrom(...world.serviceIds).map(String);
  const near = fc.oneof(
    fc
      .tuple(fc.double({ min: -100, max: 100 }), fc.double({ min: -200, max: 200 }))
      .map(([lat, lng]) => `${lat},${lng}`),
    fc.constantFrom("1,2,3", "91,0", "NaN,NaN", "1e999,0", "0x10,0", " 1 , 2 ", "-0,-0", ",", ""),
  );
  const search = fc.oneof(
    fc.constantFrom("Main", "main%", "_", "\\", "%_%", "Springfield"),
    nastyString,
  );
  const appointment = fc.constantFrom(...appointments);
  const bookedIds = world.booked.map((a) => a.id);
  const bookedLookup = fc.constantFrom(...world.booked).chain((a) =>
    fc.record({
      id: fc.oneof(fc.constant(String(a.id)), pathId(bookedIds, foreignIds)),
      code: codeFor(a),
    }),
  );
  const lookup = appointment.chain((a) =>
    fc.record({
      id: fc.oneof(fc.constant(String(a.id)), pathId(ids, foreignIds)),
      code: codeFor(a),
    }),
  );

  return [
    getter(
      "GET /api/v2/open/vendor",
      fc.constant("/api/v2/open/vendor"),
      queryString([]),
      world,
      [200],
    ),
    getter(
      "GET /api/v2/open/locations",
      fc.constant("/api/v2/open/locations"),
      queryString([
        { key: "near", values: near },
        { key: "filter[search]", values: search },
      ]),
      world,
      [200, 422],
    ),
    getter(
      "GET /api/v2/open/locations/{id}",
      locationId.map((id) => `/api/v2/open/locations/${id}`),
      queryString([]),
      world,
      [200, 404, 422],
    ),
    getter(
      "GET /api/v2/open/locations/{id}/board",
      locationId.map((id) => `/api/v2/open/locations/${id}/board`),
      queryString([{ key: "token", values: nastyString }]),
      world,
      [200, 404, 422],
    ),
    // Without GEOCODER_URL the call answers 404 once its query is valid.
    fromManyAddresses(
      getter(
        "GET /api/v2/open/places",
        fc.constant("/api/v2/open/places"),
        queryString([
          { key: "q", values: search },
          { key: "limit", values: fc.integer({ min: -5, max: 20 }).map(String) },
        ]),
        world,
        [404, 422],
      ),
    ),
    getter(
      "GET /api/v2/open/queue-appointments-services/{locationId}",
      locationId.map((id) => `/api/v2/open/queue-appointments-services/${id}`),
      queryString([]),
      world,
      [200, 404, 422],
    ),
    getter(
      "GET /api/v2/open/questions",
      fc.constant("/api/v2/open/questions"),
      queryString([{ key: "filter[matching]", values: serviceValue }]),
      world,
      [200, 404, 422],
    ),
    sender(
      "POST /api/v2/open/queue-appointments",
      "POST",
      at("/api/v2/open/queue-appointments", mutatedBody(Object.values(world.joins), swapIds)),
      world,
      [201, 400, 403, 415, 422],
      idempotencyKey,
    ),
    {
      name: "GET /api/v2/open/queue-appointments/{id}",
      mustSee: [200, 404],
      request: fc
        .record({ lookup, extra: queryString([]), host, language: acceptLanguage })
        .map((r) => ({
          method: "GET",
          url: `/api/v2/open/queue-appointments/${r.lookup.id}?code=${encode(r.lookup.code)}${r.extra.replace("?", "&")}`,
          headers: headers({ host: r.host, language: r.language }, world),
        })),
    },
    sender(
      "PATCH /api/v2/open/queue-appointments/{id}",
      "PATCH",
      fc.constantFrom(...cancellable, ...completed).chain((a) =>
        fc.record({
          path: fc
            .oneof({ weight: 3, arbitrary: fc.constant(String(a.id)) }, pathId(ids, foreignIds))
            .map((id) => `/api/v2/open/queue-appointments/${id}`),
          body: mutatedBody(
            [
              {
                data: {
                  id: String(a.id),
                  type: "queue-appointments",
                  attributes: { status: "cancelled", confirm_code: a.code },
                },
              },
            ],
            swapIds,
          ),
        }),
      ),
      world,
      [200, 404, 409, 422],
    ),
    getter(
      "GET /api/v3/open/walkin-conversion",
      fc.constant("/api/v3/open/walkin-conversion"),
      fc.constantFrom(...waiting, ...completed).chain((a) =>
        fc.oneof(
          // The two parameters as the page sends them, with random ones around them…
          fc
            .tuple(codeFor(a), queryString([]))
            .map(
              ([code, extra]) =>
                `?id=${a.id}&confirm_code=${encode(code)}${extra.replace("?", "&")}`,
            ),
          // …or any mix of them in any shape.
          queryString([
            { key: "id", values: fc.oneof(fc.constant(String(a.id)), pathId(ids, foreignIds)) },
            { key: "confirm_code", values: codeFor(a) },
          ]),
        ),
      ),
      world,
      [200, 404, 409],
    ),
    sender(
      "POST /api/v3/open/walkin-feedback",
      "POST",
      at(
        "/api/v3/open/walkin-feedback",
        fc.constantFrom(...completed, ...waiting.slice(0, 2)).chain((a) =>
          mutatedBody(
            [
              { queue_appointment: String(a.id), code: a.code, rating: 4.5, experience: "Quick" },
              { queue_appointment: a.id, code: a.code.toLowerCase(), rating: 0 },
            ],
            swapIds,
          ),
        ),
      ),
      world,
      [201, 404, 409, 422],
    ),
    getter(
      "GET /api/v2/open/availability",
      fc.constant("/api/v2/open/availability"),
      availabilityQuery(world),
      world,
      [200, 404, 422],
    ),
    getter(
      "GET /api/v2/open/locations/{id}/staff",
      fc
        .oneof(
          { weight: 3, arbitrary: fc.constant(String(world.scenario.location.id)) },
          { weight: 2, arbitrary: locationId },
        )
        .map((id) => `/api/v2/open/locations/${id}/staff`),
      fc.oneof(
        // The service the staff step asks about, as the page sends it…
        { weight: 3, arbitrary: serviceValue.map((id) => `?service_id=${id}`) },
        // …or any mix of parameters in any shape.
        {
          weight: 2,
          arbitrary: queryString([
            {
              key: "service_id",
              values: fc.oneof(serviceValue, pathId(world.serviceIds, foreignIds)),
            },
          ]),
        },
      ),
      world,
      [200, 404, 422],
    ),
    sender(
      "POST /api/v2/open/appointments",
      "POST",
      at(
        "/api/v2/open/appointments",
        fc
          .constantFrom(
            ...(world.freeSlots.length > 0 ? world.freeSlots : ["2026-12-01T09:00:00Z"]),
          )
          .chain((start) =>
            mutatedBody(
              [
                world.bookingOf(start),
                {
                  ...world.bookingOf(start),
                  data: {
                    ...world.bookingOf(start).data,
                    attributes: {
                      ...world.bookingOf(start).data.attributes,
                      meeting_method: 2,
                      attendees: 1,
                      notes: "Second floor",
                      lang: "fr",
                    },
                  },
                },
              ],
              swapIds,
            ),
          ),
      ),
      world,
      [201, 422],
      fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: undefined }),
    ),
    {
      name: "GET /api/v2/open/appointments/{id}",
      mustSee: [200, 404],
      request: fc
        .record({ lookup: bookedLookup, extra: queryString([]), host, language: acceptLanguage })
        .map((r) => ({
          method: "GET",
          url: `/api/v2/open/appointments/${r.lookup.id}?code=${encode(r.lookup.code)}${r.extra.replace("?", "&")}`,
          headers: headers({ host: r.host, language: r.language }, world),
        })),
    },
    {
      name: "GET /api/v2/open/appointments/{id}.ics",
      mustSee: [200, 404],
      request: fc
        .record({ lookup: bookedLookup, extra: queryString([]), host, language: acceptLanguage })
        .map((r) => ({
          method: "GET",
          url: `/api/v2/open/appointments/${r.lookup.id}.ics?code=${encode(r.lookup.code)}${r.extra.replace("?", "&")}`,
          headers: headers({ host: r.host, language: r.language }, world),
        })),
    },
    sender(
      "PATCH /api/v2/open/appointments/{id}",
      "PATCH",
      fc.constantFrom(...world.booked).chain((a) =>
        fc.record({
          path: fc
            .record({
              id: fc.oneof(
                { weight: 3, arbitrary: fc.constant(String(a.id)) },
                pathId(bookedIds, foreignIds),
              ),
              code: codeFor(a),
            })
            .map((r) => `/api/v2/open/appointments/${r.id}?code=${encode(r.code)}`),
          body: mutatedBody(
            [
              { data: { id: String(a.id), type: "appointments", attributes: { status: 4 } } },
              {
                data: {
                  id: String(a.id),
                  type: "appointments",
                  attributes: { start: world.freeSlots[0] ?? "2026-12-01T09:00:00Z" },
                },
              },
            ],
            swapIds,
          ),
        }),
      ),
      world,
      [200, 404, 409, 422],
    ),
    sender(
      "POST /api/v2/open/analytics-events",
      "POST",
      at(
        "/api/v2/open/analytics-events",
        mutatedBody(
          [
            {
              data: {
                type: "analytics-events",
                attributes: {
                  name: "page_view",
                  properties: { path: "/callback-service", duration_ms: 1234, embedded: false },
                },
              },
            },
            { data: { type: "analytics-events", attributes: { name: "booking_failure" } } },
          ],
          swapIds,
        ),
      ),
      world,
      [204, 422],
    ),
    sender(
      "POST /api/v3/open/rwg-track-conversion",
      "POST",
      at(
        "/api/v3/open/rwg-track-conversion",
        mutatedBody(
          [
            { rwg_token: "AJKvS9U1a2b3", merchant_changed: true },
            { rwg_token: "x", merchant_changed: 0 },
          ],
          swapIds,
        ),
      ),
      world,
      [201, 422],
    ),
    // The visitor pages' snippets: any location, any page language, the browser's own list.
    getter(
      "GET /cx/snippets/api/v1/cx_snippets",
      fc.constant("/cx/snippets/api/v1/cx_snippets"),
      queryString([
        { key: "location_id", values: locationId },
        { key: "lang", values: fc.constantFrom("fr", "pt", "zh-Hant", "xx", "", "e".repeat(40)) },
      ]),
      world,
      [200, 422],
    ),
  ];
}
