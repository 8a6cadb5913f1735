// One request generator per staff API endpoint (/api/internal/v1/**) for the fuzz: the endpoint's
// own path ids, query keys and bodies made hostile, signed in as a role that may use it — or with
// the session, its anti-forgery token, the host or the content type wrong.
import fc from "fast-check";
import { SESSION_COOKIE } from "../../src/server/auth/session-token.ts";
import { FIXTURE_PASSWORD, type SignedIn } from "../factories/staff.ts";
import { acceptLanguage, contentType, pathId, queryString } from "./fuzz-requests.ts";
import { nastyString } from "./fuzz-values.ts";
import type { FuzzAccount, InternalFuzzWorld } from "./internal-fuzz-world.ts";
import { mutatedBody } from "./mutate-document.ts";

/** How the call presents its session. */
export type SessionUse =
  | "valid"
  | "no-csrf"
  | "wrong-csrf"
  | "no-cookie"
  | "forged-cookie"
  | "other-vendor-session"
  | "none";

export type InternalRequestPlan = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  payload?: string;
  host: string;
  language: string | undefined;
  contentType?: string | undefined;
  account: FuzzAccount;
  session: SessionUse;
  /** each run from its own address, for the per-address limits of the sign-in routes */
  remoteAddress?: string;
};

export type InternalEndpointFuzzer = {
  /** "METHOD /api/internal/v1/path/{param}", as internalRoutesOf names it */
  name: string;
  plan: fc.Arbitrary<InternalRequestPlan>;
  /** statuses the fuzz must produce at least once, so it provably reaches past validation */
  mustSee: number[];
  /** a share of FUZZ_RUNS: calls that end their session cost a sign-in each */
  runsShare?: number;
};

const sessionUse = fc.oneof(
  { weight: 14, arbitrary: fc.constant<SessionUse>("valid") },
  {
    weight: 3,
    arbitrary: fc.constantFrom<SessionUse>(
      "no-csrf",
      "wrong-csrf",
      "no-cookie",
      "forged-cookie",
      "other-vendor-session",
      "none",
    ),
  },
);

/** The headers of a plan, with the live session of its account. */
export function headersOf(
  plan: InternalRequestPlan,
  session: SignedIn,
  otherSession: SignedIn,
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (plan.host) headers.host = plan.host;
  if (plan.language !== undefined) headers["accept-language"] = plan.language;
  if (plan.contentType !== undefined) headers["content-type"] = plan.contentType;
  const csrf = "x-csrf-token";
  switch (plan.session) {
    case "valid":
      Object.assign(headers, { cookie: session.cookie, [csrf]: session.csrfToken });
      break;
    case "no-csrf":
      headers.cookie = session.cookie;
      break;
    case "wrong-csrf":
      Object.assign(headers, { cookie: session.cookie, [csrf]: `${session.csrfToken}x` });
      break;
    case "no-cookie":
      headers[csrf] = session.csrfToken;
      break;
    case "forged-cookie":
      Object.assign(headers, { cookie: `${SESSION_COOKIE}=forged.value`, [csrf]: "forged" });
      break;
    case "other-vendor-session":
      Object.assign(headers, { cookie: otherSession.cookie, [csrf]: otherSession.csrfToken });
      break;
    case "none":
      break;
  }
  return headers;
}

export function internalEndpointFuzzers(world: InternalFuzzWorld): InternalEndpointFuzzer[] {
  const api = (path: string) => `/api/internal/v1${path}`;
  const host = fc.oneof(
    { weight: 12, arbitrary: fc.constant(world.home.vendor.host) },
    { weight: 1, arbitrary: fc.constantFrom(world.other.vendor.host, "nowhere.example", "") },
  );
  const locationId = pathId(world.locationIds, world.foreignIds);
  const visitorId = pathId(world.visitorIds, world.foreignIds);
  const swapIds = world.swapIds;
  const address = fc.integer({ min: 1, max: 65_000 }).map((n) => `10.78.${n >> 8}.${n & 255}`);

  const getter = (
    name: string,
    path: fc.Arbitrary<string>,
    query: fc.Arbitrary<string>,
    account: FuzzAccount,
    mustSee: number[],
  ): InternalEndpointFuzzer => ({
    name,
    mustSee,
    plan: fc
      .record({ path, query, host, language: acceptLanguage, session: sessionUse })
      .map((r) => ({
        method: "GET",
        url: `${api(r.path)}${r.query}`,
        host: r.host,
        language: r.language,
        account,
        session: r.session,
      })),
  });

  const sender = (
    name: string,
    method: "POST" | "PUT" | "PATCH" | "DELETE",
    target: fc.Arbitrary<{ path: string; body?: string }>,
    account: FuzzAccount,
    mustSee: number[],
    options: {
      session?: fc.Arbitrary<SessionUse>;
      manyAddresses?: boolean;
      runsShare?: number;
    } = {},
  ): InternalEndpointFuzzer => ({
    name,
    mustSee,
    ...(options.runsShare === undefined ? {} : { runsShare: options.runsShare }),
    plan: fc
      .record({
        target,
        host,
        language: acceptLanguage,
        type: contentType,
        session: options.session ?? sessionUse,
        remoteAddress: options.manyAddresses ? address : fc.constant(undefined),
      })
      .map((r) => ({
        method,
        url: api(r.target.path),
        ...(r.target.body === undefined ? {} : { payload: r.target.body }),
        host: r.host,
        language: r.language,
        ...(r.target.body === undefined ? {} : { contentType: r.type }),
        account,
        session: r.session,
        ...(r.remoteAddress === undefined ? {} : { remoteAddress: r.remoteAddress }),
      })),
  });

  // Each run from its own address, past the per-address limit of the routes used before a session.
  const fromManyAddresses = (fuzzer: InternalEndpointFuzzer): InternalEndpointFuzzer => ({
    ...fuzzer,
    plan: fc
      .tuple(fuzzer.plan, address)
      .map(([plan, remoteAddress]) => ({ ...plan, remoteAddress })),
  });
  const at = (path: string, body: fc.Arbitrary<string>) =>
    body.map((text) => ({ path, body: text }));
  const bare = (path: fc.Arbitrary<string>) => path.map((p) => ({ path: p }));
  // Sign-in and password-reset calls come before a session: a live one would be replaced.
  const noSession = fc.constantFrom<SessionUse>("none", "forged-cookie", "no-cookie");
  const { home } = world;
  const walkIn = (serviceId: number, client: Record<string, unknown>) => ({
    data: {
      type: "queue-appointments",
      attributes: { service_id: String(serviceId), meeting_method: 2 },
      relationships: { client: { data: { type: "clients", attributes: client } } },
    },
  });
  const patch = (id: number, attributes: Record<string, unknown>) => ({
    data: { id: String(id), type: "queue-appointments", attributes },
  });
  const dates = fc.oneof(
    fc.date({ min: new Date("1990-01-01"), max: new Date("2110-01-01"), noInvalidDate: true }),
    fc.date({ noInvalidDate: true }),
  );
  const dateValue = fc.oneof(
    { weight: 3, arbitrary: dates.map((d) => d.toISOString().slice(0, 10)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "1000-01-01",
        "9999-12-31",
        "0000-01-01",
        "2026-02-30",
        "2026-13-01",
        "+02026-01-01",
        "2026-06-16T10:00",
        "today",
      ),
    },
  );

  const nineToFive = { open: "09:00", closed: "17:00" };
  const weekOf = (day: object | null) =>
    Object.fromEntries(
      ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [
        d,
        day,
      ]),
    );
  const adjustmentSeeds = [
    {
      data: {
        type: "location-hour-adjustments",
        attributes: { date: "2030-12-25", name: "Christmas Day", hours: null, recurs_yearly: true },
      },
    },
    {
      data: {
        type: "location-hour-adjustments",
        attributes: { date: "2030-07-02", hours: { open: "10:00", closed: "14:00" } },
      },
    },
    {
      data: {
        type: "location-hour-adjustments",
        attributes: {
          date: "2030-07-03",
          hours: [
            { open: "09:00", closed: "12:00" },
            { open: "13:00", closed: "17:00" },
          ],
        },
      },
    },
  ];
  // Adjustments the POST fuzz made have small ids; the rest are not found.
  const adjustmentId = pathId([1, 2, 3, 4, 5, 6, 7, 8], world.foreignIds);

  return [
    sender(
      "DELETE /api/internal/v1/session",
      "DELETE",
      bare(fc.constant("/session")),
      "signOut",
      [204, 401],
      { runsShare: 0.1 },
    ),
    sender(
      "POST /api/internal/v1/session",
      "POST",
      at(
        "/session",
        mutatedBody(
          [
            { email: world.signInAccount.email, password: FIXTURE_PASSWORD },
            { email: world.signInAccount.email.toUpperCase(), password: "wrong password" },
          ],
          swapIds,
        ),
      ),
      "manager",
      [401, 422],
      { session: noSession, manyAddresses: true },
    ),
    sender(
      "DELETE /api/internal/v1/sessions",
      "DELETE",
      bare(fc.constant("/sessions")),
      "signOutEverywhere",
      [204, 401],
      { runsShare: 0.1 },
    ),
    getter("GET /api/internal/v1/me", fc.constant("/me"), queryString([]), "manager", [200, 401]),
    sender(
      "POST /api/internal/v1/password-resets",
      "POST",
      at(
        "/password-resets",
        mutatedBody(
          [{ email: world.signInAccount.email }, { email: "nobody@example.com" }],
          swapIds,
        ),
      ),
      "manager",
      [202, 422],
      { session: noSession, manyAddresses: true },
    ),
    sender(
      "POST /api/internal/v1/password-resets/{token}",
      "POST",
      fc
        .record({
          token: fc.oneof(
            fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 60 }),
            nastyString,
          ),
          body: mutatedBody([{ password: "a long new password 42" }, { password: "x" }], swapIds),
        })
        .map((r) => ({
          path: `/password-resets/${encodeURIComponent(r.token.replace(/[\ud800-\udfff]/g, "?")) || "x"}`,
          body: r.body,
        })),
      "manager",
      [400, 422],
      { session: noSession, manyAddresses: true },
    ),
    getter(
      "GET /api/internal/v1/locations/{id}/queue",
      locationId.map((id) => `/locations/${id}/queue`),
      queryString([]),
      "manager",
      [200, 404],
    ),
    sender(
      "POST /api/internal/v1/locations/{id}/queue",
      "POST",
      fc
        .record({
          id: locationId,
          body: mutatedBody(
            [
              walkIn(home.services.accounts.id, {
                first_name: "Fuzz",
                last_name: "Walker",
                cell_phone: "+14165550188",
              }),
              walkIn(home.services.loans.id, { first_name: "Ana", email: "ana@example.com" }),
            ],
            swapIds,
          ),
        })
        .map((r) => ({ path: `/locations/${r.id}/queue`, body: r.body })),
      "manager",
      [201, 403, 404, 422],
    ),
    sender(
      "POST /api/internal/v1/locations/{id}/queue/next",
      "POST",
      bare(locationId.map((id) => `/locations/${id}/queue/next`)),
      "manager",
      [401, 403, 404, 409],
    ),
    sender(
      "PATCH /api/internal/v1/queue-appointments/{id}",
      "PATCH",
      fc.constantFrom(...world.visitorIds).chain((id) =>
        fc.record({
          path: fc
            .oneof({ weight: 3, arbitrary: fc.constant(String(id)) }, visitorId)
            .map((v) => `/queue-appointments/${v}`),
          body: mutatedBody(
            [
              patch(id, { status: "in_progress" }),
              patch(id, { call: "call", desk: "Desk 2" }),
              patch(id, { call: "recall" }),
              patch(id, { status: "cancelled" }),
              patch(id, { meeting_link: "https://meet.example.com/x", dial_in: null }),
              patch(id, { dial_in: { e164: "+14165550100", pin: "42" } }),
              patch(id, { user_id: null, arrived: true }),
            ],
            swapIds,
          ),
        }),
      ),
      "manager",
      [200, 404, 409, 422],
    ),
    sender(
      "POST /api/internal/v1/queue-appointments/{id}/transfer",
      "POST",
      fc.constantFrom(...world.visitorIds).chain((id) =>
        fc.record({
          path: fc
            .oneof({ weight: 3, arbitrary: fc.constant(String(id)) }, visitorId)
            .map((v) => `/queue-appointments/${v}/transfer`),
          body: mutatedBody(
            world.locationIds.flatMap((location) =>
              [world.home.services.accounts.id, world.home.services.loans.id].map((service) => ({
                data: {
                  type: "queue-appointment-transfers",
                  attributes: { location_id: String(location), service_id: String(service) },
                },
              })),
            ),
            swapIds,
          ),
        }),
      ),
      "manager",
      [200, 404, 422],
    ),
    getter(
      "GET /api/internal/v1/dashboard",
      fc.constant("/dashboard"),
      queryString([
        { key: "date", values: dateValue },
        { key: "location_id", values: locationId },
      ]),
      "manager",
      [200, 404, 422],
    ),
    getter(
      "GET /api/internal/v1/messages",
      fc.constant("/messages"),
      queryString([
        { key: "location_id", values: locationId },
        { key: "channel", values: fc.constantFrom("email", "sms", "fax") },
        { key: "status", values: fc.constantFrom("sent", "failed", "received", "lost") },
        { key: "direction", values: fc.constantFrom("inbound", "outbound", "up") },
        { key: "q", values: fc.string({ maxLength: 8 }) },
        { key: "before", values: fc.constantFrom("MjAzMC0wMS0xNVQxMjowMDowMC4wMDAwMDBafDE", "x") },
        { key: "limit", values: fc.constantFrom("1", "100", "101", "0", "-1", "1e3") },
      ]),
      "manager",
      [200, 404, 422],
    ),
    getter(
      "GET /api/internal/v1/queue-appointments/{id}/messages",
      visitorId.map((id) => `/queue-appointments/${id}/messages`),
      queryString([]),
      "manager",
      [200, 404],
    ),
    getter(
      "GET /api/internal/v1/jobs/dead",
      fc.constant("/jobs/dead"),
      queryString([]),
      "platform",
      [200, 401],
    ),
    sender(
      "POST /api/internal/v1/jobs/dead/{id}/retry",
      "POST",
      bare(
        fc
          .oneof(
            fc.uuid(),
            nastyString.map((v) => encodeURIComponent(v.replace(/[\ud800-\udfff]/g, "?")) || "x"),
          )
          .map((id) => `/jobs/dead/${id}/retry`),
      ),
      "platform",
      [404, 422],
    ),
    getter(
      "GET /api/internal/v1/locations/{id}/board-link",
      locationId.map((id) => `/locations/${id}/board-link`),
      queryString([]),
      "manager",
      [200, 404],
    ),
    sender(
      "POST /api/internal/v1/locations/{id}/board-link/rotation",
      "POST",
      bare(locationId.map((id) => `/locations/${id}/board-link/rotation`)),
      "manager",
      [200, 404],
    ),
    ...notificationSettingsFuzzers(),
    ...adminFuzzers(),
    ...setupFuzzers(),
    ...adminLocationFuzzers(),
    ...staffFuzzers(),
    ...importFuzzers(),
    ...groupAndRoomFuzzers(),
    ...scheduleFuzzers(),
    ...clientFuzzers(),
    ...settingsSectionFuzzers(),
    ...apiKeyFuzzers(),
    ...cxSnippetFuzzers(),
    ...brandingFuzzers(),
  ];

  // The vendor's API keys (docs/api-keys.md): creations with mutated names, scopes and expiries
  // (the platform admin holds every scope a key may have), and revocations of the home vendor's
  // key, a foreign one and ids that are none.
  function apiKeyFuzzers(): InternalEndpointFuzzer[] {
    const keyId = pathId([world.apiKeyIds.home], [world.apiKeyIds.other]);
    const bodies = mutatedBody(
      [
        { data: { type: "api-keys", attributes: { name: "Fuzz key", scopes: ["queue.view"] } } },
        {
          data: {
            type: "api-keys",
            attributes: {
              name: "Fuzz integration",
              scopes: ["queue.view", "locations.manage", "clients.view"],
              expires_at: "2099-01-01T00:00:00Z",
            },
          },
        },
      ],
      swapIds,
    );
    return [
      getter(
        "GET /api/internal/v1/api-keys",
        fc.constant("/api-keys"),
        queryString([]),
        "platform",
        [200],
      ),
      sender(
        "POST /api/internal/v1/api-keys",
        "POST",
        at("/api-keys", bodies),
        "platform",
        [201, 422],
      ),
      sender(
        "POST /api/internal/v1/api-keys/{id}/revoke",
        "POST",
        bare(keyId.map((id) => `/api-keys/${id}/revoke`)),
        "platform",
        [204, 404],
      ),
    ];
  }

  // The clients of the back office (docs/clients.md): searches of every kind of term, pages by
  // forged cursors, edits under the visitor form's rules, and merges of the world's duplicates.
  // The settings pages' sections: each read, and replaced with its defaults (so that no other
  // fuzzer meets a vendor it did not expect) or a mutation of them, without If-Match.
  function settingsSectionFuzzers(): InternalEndpointFuzzer[] {
    const sections = ["client-view", "lobby", "features", "synonyms", "booking"] as const;
    return sections.flatMap((section) => [
      getter(
        `GET /api/internal/v1/settings/${section}`,
        fc.constant(`/settings/${section}`),
        queryString([]),
        "platform",
        [200],
      ),
      sender(
        `PUT /api/internal/v1/settings/${section}`,
        "PUT",
        at(
          `/settings/${section}`,
          mutatedBody(
            [
              { data: { type: "vendor-settings", id: section, attributes: {} } },
              { data: { type: "vendor-settings", attributes: {} } },
            ],
            swapIds,
          ),
        ),
        "platform",
        [200, 422],
      ),
    ]);
  }

  // The visitor pages' snippets (docs/cx-snippets.md): hostile HTML in every language, windows that
  // end before they start, locations of another vendor. The creations come first and take the
  // small ids the reads, changes and deletions aim at (without If-Match).
  function cxSnippetFuzzers(): InternalEndpointFuzzer[] {
    const snippetId = pathId([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], world.foreignIds);
    const location = String(world.locationIds[0]);
    const html = fc.constantFrom(
      "<p>Closed on <strong>Monday</strong></p>",
      '<img src=x onerror="alert(1)"><script>alert(2)</script>',
      '<a href="javascript:alert(3)">x</a><a href="https://example.com">y</a>',
      "<p><br></p>",
    );
    const bodies = fc.tuple(html, html).chain(([en, fr]) =>
      mutatedBody(
        [
          {
            data: {
              type: "cx-snippets",
              attributes: { name: "Fuzz", kind: "announcement", content: { en, fr } },
            },
          },
          {
            data: {
              type: "cx-snippets",
              attributes: {
                name: "Fuzz notice",
                kind: "notice",
                tone: "warning",
                content: { en },
                location_id: location,
                starts_at: "2026-01-01T00:00:00Z",
                ends_at: "2026-12-31T00:00:00+01:00",
                active: false,
                sort_order: 3,
              },
            },
          },
        ],
        swapIds,
      ),
    );
    return [
      sender(
        "POST /api/internal/v1/cx-snippets",
        "POST",
        at("/cx-snippets", bodies),
        "platform",
        [201, 422],
      ),
      getter(
        "GET /api/internal/v1/cx-snippets",
        fc.constant("/cx-snippets"),
        queryString([]),
        "platform",
        [200],
      ),
      getter(
        "GET /api/internal/v1/cx-snippets/{id}",
        snippetId.map((id) => `/cx-snippets/${id}`),
        queryString([]),
        "platform",
        [200, 404],
      ),
      sender(
        "PATCH /api/internal/v1/cx-snippets/{id}",
        "PATCH",
        fc
          .record({ id: snippetId, body: bodies })
          .map((r) => ({ path: `/cx-snippets/${r.id}`, body: r.body })),
        "platform",
        [200, 404, 422],
      ),
      sender(
        "DELETE /api/internal/v1/cx-snippets/{id}",
        "DELETE",
        bare(snippetId.map((id) => `/cx-snippets/${id}`)),
        "platform",
        [204, 404],
        { runsShare: 0.2 },
      ),
    ];
  }

  // settings/branding: the theme read and replaced (valid colours or mutations of them), a logo sent
  // as the body (a WebP header written in ASCII so it survives as a string, garbage, or empty) and
  // removed, all without If-Match.
  function brandingFuzzers(): InternalEndpointFuzzer[] {
    const theme = {
      primary_colour: "#2979FF",
      secondary_colour: "#263238",
      font_family: "Roboto",
      font_weight_normal: 400,
      font_weight_bold: 500,
    };
    const webp =
      "RIFF\x16\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x00\x00\x00\x00\x3f\x00\x00\x0f\x00\x00";
    const logoBody = fc.oneof(
      { weight: 3, arbitrary: fc.constant(webp) },
      { weight: 2, arbitrary: nastyString.map((tail) => `${webp}${tail}`) },
      { weight: 2, arbitrary: nastyString },
      { weight: 1, arbitrary: fc.constantFrom("", "<svg xmlns='http://www.w3.org/2000/svg'/>") },
    );
    return [
      getter(
        "GET /api/internal/v1/settings/branding",
        fc.constant("/settings/branding"),
        queryString([]),
        "platform",
        [200],
      ),
      sender(
        "PUT /api/internal/v1/settings/branding",
        "PUT",
        at(
          "/settings/branding",
          mutatedBody(
            [
              { data: { type: "vendor-settings", id: "branding", attributes: theme } },
              {
                data: {
                  type: "vendor-settings",
                  attributes: { ...theme, font_family: "system-ui" },
                },
              },
            ],
            swapIds,
          ),
        ),
        "platform",
        [200, 422],
      ),
      sender(
        "POST /api/internal/v1/settings/branding/logo",
        "POST",
        at("/settings/branding/logo", logoBody),
        "platform",
        [200, 422],
      ),
      sender(
        "DELETE /api/internal/v1/settings/branding/logo",
        "DELETE",
        bare(fc.constant("/settings/branding/logo")),
        "platform",
        [200],
      ),
    ];
  }

  function clientFuzzers(): InternalEndpointFuzzer[] {
    const { clientsFuzzed, otherClients } = world;
    const clientId = pathId(
      [clientsFuzzed.keptId, ...clientsFuzzed.duplicateIds],
      [otherClients.keptId],
    );
    const cursor = fc.constantFrom("", "abc", "WyJjMSIsMCwiYSIsImIiLDFd", "WyJjMSJd", "%00");
    const searchQuery = queryString([
      {
        key: "search",
        values: fc.constantFrom("fuzz", "Fuzz Kept", "kept, fuzz", "+1 416 555", "a@b", "%_\\", ""),
      },
      { key: "page[cursor]", values: cursor },
    ]);
    const pageQuery = queryString([{ key: "page[cursor]", values: cursor }]);
    const patches = mutatedBody(
      [
        { data: { type: "clients", attributes: { notes: "Fuzzed", email: "fuzz@example.com" } } },
        {
          data: {
            type: "clients",
            attributes: {
              first_name: "Fuzz",
              last_name: "Kept",
              cell_phone: "+1 416 555 0100",
              external_id: null,
              lang: "fr",
              receive_sms: true,
            },
          },
        },
      ],
      world.swapIds,
    );
    const merges = mutatedBody(
      clientsFuzzed.duplicateIds.map((id) => ({
        data: { type: "client-merges", attributes: { duplicate_id: String(id) } },
      })),
      world.swapIds,
    );
    // The tabs read the kept client (the duplicates may be merged by now, which GET /clients/{id} covers).
    const keptId = pathId([clientsFuzzed.keptId], [otherClients.keptId]);
    const tab = (name: string) =>
      getter(
        `GET /api/internal/v1/clients/{id}/${name}`,
        keptId.map((id) => `/clients/${id}/${name}`),
        pageQuery,
        "manager",
        [200, 404],
      );
    return [
      getter(
        "GET /api/internal/v1/clients",
        fc.constant("/clients"),
        searchQuery,
        "manager",
        [200, 422],
      ),
      getter(
        "GET /api/internal/v1/clients/{id}",
        clientId.map((id) => `/clients/${id}`),
        queryString([]),
        "manager",
        [200, 404],
      ),
      sender(
        "PATCH /api/internal/v1/clients/{id}",
        "PATCH",
        fc
          .record({ id: clientId, body: patches })
          .map((r) => ({ path: `/clients/${r.id}`, body: r.body })),
        "manager",
        [200, 404, 422],
      ),
      sender(
        "POST /api/internal/v1/clients/{id}/merge",
        "POST",
        fc
          .record({ id: fc.constant(String(clientsFuzzed.keptId)), body: merges })
          .map((r) => ({ path: `/clients/${r.id}/merge`, body: r.body })),
        "manager",
        [200, 422],
      ),
      tab("appointments"),
      tab("walk-ins"),
      tab("timeline"),
    ];
  }

  // The schedule (docs/schedule.md): a location's days, staff availability, booking for a client
  // and an appointment's changes, on appointments of their own (InternalFuzzWorld.schedule).
  function scheduleFuzzers(): InternalEndpointFuzzer[] {
    const { schedule } = world;
    const location = String(schedule.locationId);
    const service = String(home.services.accounts.id);
    const appointmentId = pathId(schedule.appointmentIds, [schedule.otherAppointmentId]);
    // Half well-formed queries, so the fuzz reaches past validation, half hostile ones.
    const query = (valid: string[], keys: { key: string; values: fc.Arbitrary<string> }[]) =>
      fc.oneof(fc.constantFrom(...valid), queryString(keys));
    const locationIds = fc.constantFrom(location, String(world.foreignIds[0]), "0", "abc");
    const dates = fc.constantFrom("2031-01-06", "2031-02-30", "2031-1-6", "");
    const scheduleQuery = query(
      [
        `?location_id=${location}&date=2031-01-06`,
        `?location_id=${location}&date=2031-01-06&days=7`,
        `?location_id=${world.foreignIds[0]}&date=2031-01-06`,
        `?location_id=${location}&date=2031-01-06&days=3`,
      ],
      [
        { key: "location_id", values: locationIds },
        { key: "date", values: dates },
        { key: "days", values: fc.constantFrom("1", "7", "0", "x") },
      ],
    );
    const availabilityQuery = query(
      [
        `?location_id=${location}&service_id=${service}&from=2031-01-06&to=2031-01-08`,
        `?location_id=${location}&service_id=${service}&from=2031-01-06&to=2031-01-06&meeting_method=2&attendees=2&ignore_appointment_id=${schedule.appointmentIds[0]}`,
        `?location_id=${location}&service_id=${service}&from=2031-01-08&to=2031-01-06`,
        `?location_id=${location}&service_id=0&from=2031-01-06&to=2031-01-06`,
      ],
      [
        { key: "location_id", values: locationIds },
        { key: "service_id", values: fc.constantFrom(service, "0", "x") },
        { key: "staff_id", values: fc.constantFrom(String(world.staffIds[0]), "0") },
        { key: "from", values: dates },
        { key: "to", values: dates },
        { key: "meeting_method", values: fc.constantFrom("1", "2", "5") },
        { key: "attendees", values: fc.constantFrom("1", "99", "0") },
        { key: "ignore_appointment_id", values: fc.constantFrom("1", "x") },
      ],
    );
    const client = {
      data: {
        type: "clients",
        attributes: { first_name: "Fuzz", last_name: "Client", email: "fuzz@example.com" },
      },
    };
    const bookingBodies = mutatedBody(
      [
        {
          data: {
            type: "appointments",
            attributes: {
              location_id: location,
              service_id: service,
              start: "2031-01-06T10:00:00-05:00",
            },
            relationships: { client },
          },
        },
        {
          data: {
            type: "appointments",
            attributes: {
              location_id: location,
              service_id: service,
              staff_id: null,
              meeting_method: 2,
              start: "2031-01-07T11:00:00-05:00",
              attendees: 1,
              notes: "Fuzzed",
              destination: null,
              converted_from_queue_appointment_id: String(world.visitorIds[0]),
            },
            relationships: {
              client: { data: { type: "clients", id: String(schedule.clientId) } },
              answers: { data: [] },
            },
          },
        },
      ],
      world.swapIds,
    );
    const patches = mutatedBody(
      [
        { data: { type: "appointments", attributes: { arrived: true } } },
        { data: { type: "appointments", attributes: { status: 5 } } },
        { data: { type: "appointments", attributes: { status: 2 } } },
        { data: { type: "appointments", attributes: { status: 4 } } },
        { data: { type: "appointments", attributes: { start: "2031-01-08T09:00:00-05:00" } } },
      ],
      world.swapIds,
    );
    return [
      getter(
        "GET /api/internal/v1/schedule",
        fc.constant("/schedule"),
        scheduleQuery,
        "manager",
        [200, 404, 422],
      ),
      getter(
        "GET /api/internal/v1/availability",
        fc.constant("/availability"),
        availabilityQuery,
        "manager",
        [200, 422],
      ),
      sender(
        "POST /api/internal/v1/appointments",
        "POST",
        at("/appointments", bookingBodies),
        "manager",
        [201, 422],
      ),
      getter(
        "GET /api/internal/v1/appointments/{id}",
        appointmentId.map((id) => `/appointments/${id}`),
        queryString([]),
        "manager",
        [200, 404],
      ),
      sender(
        "PATCH /api/internal/v1/appointments/{id}",
        "PATCH",
        fc
          .record({ id: appointmentId, body: patches })
          .map((r) => ({ path: `/appointments/${r.id}`, body: r.body })),
        "manager",
        [200, 404, 409, 422],
      ),
    ];
  }

  // Staff groups and rooms (docs/admin-groups-rooms.md), on targets of their own
  // (InternalFuzzWorld.organisation): members among the fuzzed staff, rooms at the home location.
  function groupAndRoomFuzzers(): InternalEndpointFuzzer[] {
    const { organisation, otherOrganisation } = world;
    const groupId = pathId([organisation.groupId], [otherOrganisation.groupId]);
    const roomId = pathId([organisation.roomId], [otherOrganisation.roomId]);
    const location = String(world.locationIds[0]);
    const archivedQuery = queryString([
      { key: "archived", values: fc.constantFrom("true", "false", "all", "yes", "") },
    ]);
    const roomQuery = queryString([
      { key: "archived", values: fc.constantFrom("true", "false", "all", "yes", "") },
      { key: "location_id", values: fc.constantFrom(location, "0", "abc", "99999999999") },
    ]);
    const groupBodies = mutatedBody(
      [
        { data: { type: "groups", attributes: { name: "Fuzz" } } },
        {
          data: {
            type: "groups",
            attributes: {
              name: "Fuzz team",
              description: "Fuzzed",
              member_ids: world.staffIds.map(String),
              archived: false,
            },
          },
        },
      ],
      world.swapIds,
    );
    const roomBodies = mutatedBody(
      [
        {
          data: { type: "rooms", attributes: { location_id: location, name: "Fuzz", capacity: 2 } },
        },
        {
          data: {
            type: "rooms",
            attributes: {
              location_id: location,
              name: "Fuzz lounge",
              capacity: 500,
              notes: "Fuzzed",
              archived: false,
            },
          },
        },
      ],
      world.swapIds,
    );
    // Patches keep the group's own name: a name another fuzzed group took is refused.
    const groupPatches = mutatedBody(
      [
        { data: { type: "groups", attributes: { name: "Fuzz group", description: null } } },
        {
          data: {
            type: "groups",
            attributes: { description: "Fuzzed", member_ids: world.staffIds.map(String) },
          },
        },
      ],
      world.swapIds,
    );
    const roomPatches = mutatedBody(
      [{ data: { type: "rooms", attributes: { name: "Fuzz room", capacity: 3, notes: null } } }],
      world.swapIds,
    );
    // A name is taken once among current groups (per location for rooms): most creations get a
    // name of their own, so the fuzz keeps reaching the write past the name check.
    const ownName = (bodies: fc.Arbitrary<string>) =>
      fc
        .tuple(bodies, fc.nat({ max: 1_000_000 }))
        .map(([text, n]) => text.replace('"name":"Fuzz', `"name":"Fuzz ${n}`));
    return [
      getter(
        "GET /api/internal/v1/groups",
        fc.constant("/groups"),
        archivedQuery,
        "manager",
        [200, 422],
      ),
      sender(
        "POST /api/internal/v1/groups",
        "POST",
        at("/groups", ownName(groupBodies)),
        "platform",
        [201, 422],
      ),
      getter(
        "GET /api/internal/v1/groups/{id}",
        groupId.map((id) => `/groups/${id}`),
        queryString([]),
        "manager",
        [200, 404],
      ),
      sender(
        "PATCH /api/internal/v1/groups/{id}",
        "PATCH",
        fc
          .record({ id: groupId, body: groupPatches })
          .map((r) => ({ path: `/groups/${r.id}`, body: r.body })),
        "platform",
        [200, 404, 422],
      ),
      getter("GET /api/internal/v1/rooms", fc.constant("/rooms"), roomQuery, "manager", [200, 422]),
      sender(
        "POST /api/internal/v1/rooms",
        "POST",
        at("/rooms", ownName(roomBodies)),
        "manager",
        [201, 422],
      ),
      getter(
        "GET /api/internal/v1/rooms/{id}",
        roomId.map((id) => `/rooms/${id}`),
        queryString([]),
        "manager",
        [200, 404],
      ),
      sender(
        "PATCH /api/internal/v1/rooms/{id}",
        "PATCH",
        fc
          .record({ id: roomId, body: roomPatches })
          .map((r) => ({ path: `/rooms/${r.id}`, body: r.body })),
        "manager",
        [200, 404, 422],
      ),
    ];
  }

  // Bulk onboarding: CSV files of known and unknown columns whose cells are hostile text, broken
  // quotes, numbers out of range and hours that are not hours; mostly checks, some imports.
  function importFuzzers(): InternalEndpointFuzzer[] {
    const columns = fc.constantFrom(
      "id",
      "external_id",
      "name",
      "address",
      "city",
      "country",
      "latitude",
      "longitude",
      "timezone",
      "phone",
      "visibility",
      "physical",
      "sort_order",
      "lang",
      "archived",
      "monday",
      "sunday",
      "Colour",
    );
    const anyCell = fc.oneof(
      fc.constantFrom(
        "",
        "Fuzz Branch",
        "PT",
        "38.72",
        "-9.14",
        "1e309",
        "Europe/Lisbon",
        "+351222000000",
        "yes",
        "maybe",
        "09:00-17:00",
        "17:00-09:00",
        "closed",
        "'=1+1",
        '"',
        '"a""b"',
        "a\nb",
        "99999999999",
      ),
      nastyString.map((text) => `"${text.replaceAll('"', '""')}"`),
      nastyString,
    );
    // A location file may name another vendor's location by id. A staff file must not: an id
    // column matches a person by id, and the other vendor's location id is a small number that may
    // be the id of a fuzz account, which a row could then demote or deactivate for every later fuzz.
    const cell = fc.oneof(anyCell, fc.constant(String(world.foreignIds[0] ?? 1)));
    const csv = fc
      .record({
        header: fc.uniqueArray(columns, { minLength: 0, maxLength: 8 }),
        rows: fc.array(fc.array(cell, { maxLength: 9 }), { maxLength: 6 }),
        bom: fc.boolean(),
        crlf: fc.boolean(),
      })
      .map(({ header, rows, bom, crlf }) => {
        const end = crlf ? "\r\n" : "\n";
        const text = [header.join(","), ...rows.map((row) => row.join(","))].join(end);
        return `${bom ? "\ufeff" : ""}${text}`;
      });
    const document = (text: string, dryRun: boolean) => ({
      data: { type: "csv-imports", attributes: { csv: text, dry_run: dryRun } },
    });
    const valid = [
      document(
        "name,address,city,country,latitude,longitude,timezone\nA,1 Road,Porto,PT,41.1,-8.6,Europe/Lisbon\n",
        true,
      ),
      document("external_id,name\nFZ-1,Renamed\n", true),
    ];
    const bodies = fc.oneof(
      { weight: 3, arbitrary: mutatedBody(valid, swapIds) },
      {
        weight: 4,
        arbitrary: fc
          .tuple(csv, fc.boolean(), fc.boolean())
          .map(([text, dryRun, rare]) => JSON.stringify(document(text, dryRun || rare))),
      },
    );
    // Staff files: known columns with hostile cells, roles by name and number, location lists.
    const staffColumns = fc.constantFrom(
      "id",
      "email",
      "first_name",
      "last_name",
      "role",
      "lang",
      "languages",
      "locations",
      "active",
      "desk",
    );
    // Ids a staff row may name: the staff fuzz's own targets (never an account that signs in) and
    // another vendor's staff member (refused).
    const staffCell = fc.oneof(
      anyCell,
      fc.constantFrom(...[...world.staffIds, ...world.foreignStaffIds].map(String)),
      fc.constantFrom(
        "fuzz.teller@fuzz.example",
        "FUZZ.TELLER@fuzz.example",
        "not-an-email",
        "Staff",
        "staff_plus",
        "Platform admin",
        "pl;en",
        "xx-invalid-tag-000",
        `${world.locationIds[0] ?? 1}:Desk 1;${world.locationIds[1] ?? 2}`,
        "NOWHERE;;:",
      ),
    );
    const staffCsv = fc
      .record({
        header: fc.uniqueArray(staffColumns, { minLength: 0, maxLength: 7 }),
        rows: fc.array(fc.array(staffCell, { maxLength: 8 }), { maxLength: 5 }),
      })
      .map(({ header, rows }) =>
        [header.join(","), ...rows.map((row) => row.join(","))].join("\n"),
      );
    const staffDocument = (text: string, dryRun: boolean, invite?: unknown) => ({
      data: {
        type: "csv-imports",
        attributes: { csv: text, dry_run: dryRun, ...(invite === undefined ? {} : { invite }) },
      },
    });
    const staffBodies = fc.oneof(
      {
        weight: 3,
        arbitrary: mutatedBody(
          [
            staffDocument("email,first_name,last_name\nfuzz.new@fuzz.example,Ola,Nowak\n", true),
            staffDocument("email,role\nfuzz.new@fuzz.example,Staff plus\n", true, false),
          ],
          swapIds,
        ),
      },
      {
        weight: 4,
        arbitrary: fc
          .tuple(staffCsv, fc.boolean(), fc.boolean())
          .map(([text, dryRun, rare]) =>
            JSON.stringify(staffDocument(text, dryRun || rare, false)),
          ),
      },
    );
    return [
      sender(
        "POST /api/internal/v1/imports/locations",
        "POST",
        at("/imports/locations", bodies),
        "platform",
        [200, 422],
      ),
      getter(
        "GET /api/internal/v1/exports/locations.csv",
        fc.constant("/exports/locations.csv"),
        queryString([]),
        "platform",
        [200],
      ),
      sender(
        "POST /api/internal/v1/imports/staff",
        "POST",
        at("/imports/staff", staffBodies),
        "manager",
        [200, 422],
      ),
      getter(
        "GET /api/internal/v1/exports/staff.csv",
        fc.constant("/exports/staff.csv"),
        queryString([]),
        "manager",
        [200],
      ),
    ];
  }

  // Staff administration: ids of people no fuzzed call signs in as, another vendor's, and junk.
  function staffFuzzers(): InternalEndpointFuzzer[] {
    const staffId = pathId(world.staffIds, world.foreignStaffIds);
    const here = String(home.locations[0].id);
    const elsewhere = String(home.locations[1].id);
    return [
      getter(
        "GET /api/internal/v1/staff",
        fc.constant("/staff"),
        queryString([
          { key: "q", values: fc.constantFrom("Role", "%", "_", "a\\b", "") },
          { key: "location_id", values: locationId },
          { key: "role_level", values: fc.constantFrom("10", "20", "11", "-1", "50") },
          { key: "status", values: fc.constantFrom("active", "deactivated", "all", "gone") },
          { key: "page", values: fc.constantFrom("1", "2", "0", "100001", "1.5") },
          { key: "limit", values: fc.constantFrom("1", "100", "101", "0") },
        ]),
        "manager",
        [200, 422],
      ),
      sender(
        "POST /api/internal/v1/staff",
        "POST",
        at(
          "/staff",
          mutatedBody(
            [1, 2, 3].map((n) => ({
              data: {
                type: "staff",
                attributes: {
                  email: `fuzz-invite-${n}@staff.test`,
                  first_name: "Fuzz",
                  last_name: "Invitee",
                  role_level: n === 3 ? 20 : 10,
                  lang: "pl",
                  languages: ["pl", "en"],
                  locations: [{ location_id: here, desk: "Okienko 2" }],
                },
              },
            })),
            swapIds,
          ),
        ),
        "manager",
        [201, 403, 422],
      ),
      getter(
        "GET /api/internal/v1/staff/{id}",
        staffId.map((id) => `/staff/${id}`),
        queryString([]),
        "manager",
        [200, 404],
      ),
      sender(
        "PATCH /api/internal/v1/staff/{id}",
        "PATCH",
        fc
          .record({
            id: staffId,
            body: mutatedBody(
              [
                { data: { type: "staff", attributes: { first_name: "Ana", last_name: "Costa" } } },
                { data: { type: "staff", attributes: { role_level: 13, languages: ["pt"] } } },
                { data: { type: "staff", attributes: { active: false } } },
                { data: { type: "staff", attributes: { active: true, lang: "ko" } } },
              ],
              swapIds,
            ),
          })
          .map((r) => ({ path: `/staff/${r.id}`, body: r.body })),
        "platform",
        [200, 404, 422],
      ),
      sender(
        "PUT /api/internal/v1/staff/{id}/assignments",
        "PUT",
        fc
          .record({
            id: staffId,
            body: mutatedBody(
              [
                {
                  data: {
                    type: "staff-assignments",
                    attributes: {
                      locations: [
                        { location_id: here, desk: "Desk 4" },
                        { location_id: elsewhere, desk: null },
                      ],
                      service_ids: [String(home.services.accounts.id)],
                    },
                  },
                },
                {
                  data: {
                    type: "staff-assignments",
                    attributes: { locations: [{ location_id: here }], service_ids: [] },
                  },
                },
              ],
              swapIds,
            ),
          })
          .map((r) => ({ path: `/staff/${r.id}/assignments`, body: r.body })),
        "platform",
        [200, 404, 422],
      ),
      sender(
        "PUT /api/internal/v1/staff/{id}/shifts",
        "PUT",
        fc
          .record({
            id: staffId,
            body: mutatedBody(
              [
                {
                  data: {
                    type: "staff-shifts",
                    attributes: {
                      weekly: [
                        {
                          location_id: here,
                          weekday: "monday",
                          kind: "shift",
                          start: "09:00",
                          end: "17:00",
                        },
                        {
                          location_id: here,
                          weekday: "monday",
                          kind: "break",
                          start: "12:00",
                          end: "12:30",
                        },
                      ],
                      exceptions: [
                        {
                          location_id: here,
                          date: "2026-12-24",
                          intervals: [{ kind: "shift", start: "09:00", end: "12:00" }],
                          note: "Christmas Eve",
                        },
                      ],
                    },
                  },
                },
                { data: { type: "staff-shifts", attributes: { weekly: [], exceptions: [] } } },
              ],
              swapIds,
            ),
          })
          .map((r) => ({ path: `/staff/${r.id}/shifts`, body: r.body })),
        "platform",
        [200, 404, 422],
      ),
      sender(
        "POST /api/internal/v1/staff/{id}/password-reset",
        "POST",
        bare(
          pathId(world.resetStaffIds, world.foreignStaffIds).map(
            (id) => `/staff/${id}/password-reset`,
          ),
        ),
        "platform",
        [202, 404],
      ),
    ];
  }

  // The back office's locations need locations.manage: the platform admin's session calls them.
  function adminLocationFuzzers(): InternalEndpointFuzzer[] {
    const attributes = {
      name: "Fuzz Branch",
      address: "1 Fuzz Road",
      city: "Porto",
      country: "PT",
      latitude: 41.15,
      longitude: -8.61,
      timezone: "Europe/Lisbon",
    };
    const full = {
      ...attributes,
      external_id: "FZ-1",
      prov_state: "Porto",
      postal_zip: "4000-001",
      phone: "+351222000000",
      region: "North",
      visibility: "private",
      physical: true,
      supports_curbside_pickup: false,
      restrict_callback_request_hours: true,
      supports_in_person: true,
      supports_phone: false,
      supports_video: true,
      instructions: "Second floor.",
      google_review_url: "https://example.com/review",
      sort_order: 3,
      lang: "pt-BR",
      mailing_code: "PO1",
      translations: [{ locale: "fr", field: "name", content: "Agence" }],
    };
    const document = (values: Record<string, unknown>) => ({
      data: { type: "locations", attributes: values },
    });
    const createBodies = mutatedBody([document(attributes), document(full)], swapIds);
    const patchBodies = mutatedBody(
      [
        document({ instructions: "Ring twice." }),
        document({ archived: false, sort_order: 2 }),
        document({ translations: [], google_review_url: null, phone: "" }),
      ],
      swapIds,
    );
    return [
      getter(
        "GET /api/internal/v1/locations",
        fc.constant("/locations"),
        queryString([
          { key: "filter[search]", values: fc.constantFrom("Branch", "%", "_", "\\") },
          { key: "filter[region]", values: fc.constantFrom("North", "") },
          { key: "filter[archived]", values: fc.constantFrom("true", "false", "all", "yes") },
          { key: "sort", values: fc.constantFrom("name", "-city", "created", "phone") },
          { key: "page[number]", values: fc.constantFrom("1", "2", "0", "99999999999", "-1") },
          { key: "page[size]", values: fc.constantFrom("1", "200", "201", "1e2") },
        ]),
        "platform",
        [200, 422],
      ),
      sender(
        "POST /api/internal/v1/locations",
        "POST",
        at("/locations", createBodies),
        "platform",
        [201, 422],
      ),
      getter(
        "GET /api/internal/v1/locations/{id}",
        locationId.map((id) => `/locations/${id}`),
        queryString([]),
        "platform",
        [200, 404],
      ),
      sender(
        "PATCH /api/internal/v1/locations/{id}",
        "PATCH",
        fc
          .record({ id: locationId, body: patchBodies })
          .map((r) => ({ path: `/locations/${r.id}`, body: r.body })),
        "platform",
        [200, 404, 422],
      ),
    ];
  }

  // Getting started: the setup link (before any session; this database has vendors, so a valid
  // call is told setup is done) and the platform admins' vendors.
  function setupFuzzers(): InternalEndpointFuzzer[] {
    const token = fc.oneof(
      fc.constantFrom("", "abc", "A".repeat(43), "A".repeat(201), "%00", "x%20y"),
      fc.string({ unit: "grapheme-ascii", maxLength: 60 }).map(encodeURIComponent),
      nastyString.map((v) => encodeURIComponent(v.replace(/[\ud800-\udfff]/g, "?"))),
    );
    const setupBody = (overrides: Record<string, unknown>) => ({
      data: {
        type: "setup",
        attributes: {
          token: "A".repeat(43),
          vendor: { name: "Fuzz Bank", slug: "fuzz-bank", hosts: [home.vendor.host] },
          admin: {
            first_name: "Fuzz",
            last_name: "Walker",
            email: "fuzz.walker@example.com",
            password: "quartz-meadow-lantern-48",
          },
          ...overrides,
        },
      },
    });
    const vendorBody = (n: number, overrides: Record<string, unknown> = {}) => ({
      data: {
        type: "vendors",
        attributes: {
          name: `Fuzz Vendor ${n}`,
          slug: `fuzz-vendor-${n}`,
          hosts: [`fuzz-${n}.example`, `www.fuzz-${n}.example`],
          admin: { first_name: "Ada", last_name: "Fuzz", email: `admin-${n}@fuzz.example` },
          ...overrides,
        },
      },
    });
    const vendorBodies = fc.oneof(
      {
        weight: 1,
        arbitrary: fc.nat().map((n) => JSON.stringify(vendorBody(n))),
      },
      {
        weight: 3,
        arbitrary: mutatedBody(
          [
            vendorBody(1),
            vendorBody(2, { hosts: [home.vendor.host] }),
            vendorBody(3, { slug: "Not A Slug", hosts: ["bad host"] }),
          ],
          swapIds,
        ),
      },
    );
    const vendorPatch = (attributes: Record<string, unknown>) => ({
      data: { type: "vendors", id: String(world.editedVendorId), attributes },
    });
    const vendorPatches = fc.oneof(
      {
        weight: 1,
        arbitrary: fc.nat().map((n) =>
          JSON.stringify({
            data: {
              type: "vendors",
              id: String(world.editedVendorId),
              attributes: { name: `Fuzz Edited ${n}`, hosts: [`fuzz-edited-${n}.example`] },
            },
          }),
        ),
      },
      {
        weight: 3,
        arbitrary: mutatedBody(
          [
            vendorPatch({ name: "Fuzz Edited" }),
            vendorPatch({ hosts: [home.vendor.host] }),
            vendorPatch({ slug: "Not A Slug", hosts: ["bad host"] }),
          ],
          swapIds,
        ),
      },
    );
    return [
      fromManyAddresses(
        getter(
          "GET /api/internal/v1/setup",
          fc.constant("/setup"),
          token.map((value) => `?token=${value}`),
          "manager",
          [200, 422],
        ),
      ),
      sender(
        "POST /api/internal/v1/setup",
        "POST",
        at(
          "/setup",
          mutatedBody(
            [
              setupBody({}),
              setupBody({ token: "short" }),
              setupBody({ vendor: { name: "X", slug: "UPPER", hosts: ["a..b"] } }),
            ],
            swapIds,
          ),
        ),
        "manager",
        [409, 422],
        { session: noSession, manyAddresses: true },
      ),
      getter(
        "GET /api/internal/v1/vendors",
        fc.constant("/vendors"),
        queryString([]),
        "platform",
        [200],
      ),
      sender(
        "POST /api/internal/v1/vendors",
        "POST",
        at("/vendors", vendorBodies),
        "platform",
        [201, 422],
      ),
      getter(
        "GET /api/internal/v1/vendors/{id}",
        pathId([world.editedVendorId], world.readOnlyVendorIds).map((id) => `/vendors/${id}`),
        queryString([]),
        "platform",
        [200, 404],
      ),
      sender(
        "PATCH /api/internal/v1/vendors/{id}",
        "PATCH",
        fc
          .record({
            // Only the fuzz's own vendor is changed: the others are the hosts every fuzz resolves.
            id: fc.oneof(
              { weight: 6, arbitrary: fc.constant(String(world.editedVendorId)) },
              {
                weight: 1,
                arbitrary: fc.constantFrom("0", "-1", "1.5", "99999999999999999999", "x"),
              },
            ),
            body: vendorPatches,
          })
          .map((r) => ({ path: `/vendors/${r.id}`, body: r.body })),
        "platform",
        [200, 404, 422],
      ),
    ];
  }

  // The notification settings need settings.manage: the platform admin's session calls them.
  function notificationSettingsFuzzers(): InternalEndpointFuzzer[] {
    const realLocation = world.locationIds[0] as number;
    const anyTemplatePath = fc
      .record({
        kind: fc.oneof(
          fc.constantFrom("joined", "password_reset", "nope", "toString"),
          nastyString,
        ),
        channel: fc.constantFrom("sms", "email", "fax", "%2F"),
        lang: fc.constantFrom("en", "fr", "pt-BR", "xx"),
      })
      .map(
        (r) =>
          `/notification-templates/${encodeURIComponent(r.kind.replace(/[\ud800-\udfff]/g, "?")) || "x"}/${r.channel}/${r.lang}`,
      );
    // Often a template that exists, so the fuzz reaches past the path into the body.
    const templatePath = fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom("/notification-templates/joined/sms/en") },
      { weight: 3, arbitrary: anyTemplatePath },
    );
    const template = (attributes: Record<string, unknown>) => ({
      data: { type: "notification-templates", attributes },
    });
    const settings = (type: string, attributes: Record<string, unknown>) => ({
      data: { type, attributes },
    });
    const settingsBodies = (type: string) =>
      mutatedBody(
        [
          settings(type, { almost_turn_people: 3, quiet_hours: { start: "21:00", end: "07:00" } }),
          settings(type, { long_wait_alert_minutes: null, sms_per_number_per_hour: 5 }),
          settings(type, {}),
        ],
        swapIds,
      );

    return [
      getter(
        "GET /api/internal/v1/notification-templates",
        fc.constant("/notification-templates"),
        fc.oneof(
          fc.constantFrom(
            "?audience=client&lang=en",
            `?audience=location&lang=fr&location_id=${realLocation}`,
          ),
          queryString([
            { key: "audience", values: fc.constantFrom("client", "staff", "location", "all") },
            { key: "lang", values: fc.constantFrom("en", "ko", "xx") },
            { key: "location_id", values: locationId },
          ]),
        ),
        "platform",
        [200, 404, 422],
      ),
      sender(
        "PUT /api/internal/v1/notification-templates/{kind}/{channel}/{lang}",
        "PUT",
        fc.record({
          path: templatePath,
          body: mutatedBody(
            [
              template({ body: "Hi {first_name}, you are number {position}." }),
              template({
                subject: "At {location}",
                body: "{first_name}",
                location_id: realLocation,
              }),
              template({ body: "Hi {frist_name} {" }),
            ],
            swapIds,
          ),
        }),
        "platform",
        [204, 404, 422],
      ),
      sender(
        "DELETE /api/internal/v1/notification-templates/{kind}/{channel}/{lang}",
        "DELETE",
        fc
          .record({ path: templatePath, query: fc.oneof(fc.constant(""), locationId) })
          .map((r) => ({ path: r.query ? `${r.path}?location_id=${r.query}` : r.path })),
        "platform",
        [204, 404],
      ),
      getter(
        "GET /api/internal/v1/notification-settings",
        fc.constant("/notification-settings"),
        queryString([]),
        "platform",
        [200],
      ),
      sender(
        "PUT /api/internal/v1/notification-settings",
        "PUT",
        at("/notification-settings", settingsBodies("notification-settings")),
        "platform",
        [200, 422],
      ),
      getter(
        "GET /api/internal/v1/locations/{id}/notification-settings",
        locationId.map((id) => `/locations/${id}/notification-settings`),
        queryString([]),
        "platform",
        [200, 404],
      ),
      sender(
        "PUT /api/internal/v1/locations/{id}/notification-settings",
        "PUT",
        fc
          .record({ id: locationId, body: settingsBodies("location-notification-settings") })
          .map((r) => ({ path: `/locations/${r.id}/notification-settings`, body: r.body })),
        "platform",
        [200, 404, 422],
      ),
      getter(
        "GET /api/internal/v1/audit-log",
        // Half the calls name a plausible object (so some are answered), the rest are anything.
        fc.oneof(
          fc
            .record({
              type: fc.constantFrom("location", "location_hours", "staff", "service", "vendor"),
              id: locationId,
            })
            .map((r) => `/audit-log?subject_type=${r.type}&subject_id=${r.id}`),
          fc.constant("/audit-log"),
        ),
        fc.oneof(
          fc.constant(""),
          queryString([
            {
              key: "subject_type",
              values: fc.constantFrom("location", "location_hours", "staff", "service", "vendor"),
            },
            { key: "subject_id", values: locationId },
            { key: "before", values: fc.constantFrom("1", "9223372036854775807", "x", "0") },
            { key: "limit", values: fc.constantFrom("1", "100", "101", "0", "-1", "1e3") },
          ]).map((query) => query.replace(/^\?/, "&")),
        ),
        "platform",
        [200, 404, 422],
      ),
      getter(
        "GET /api/internal/v1/locations/{id}/hours",
        locationId.map((id) => `/locations/${id}/hours`),
        queryString([]),
        "manager",
        [200, 404],
      ),
      sender(
        "PUT /api/internal/v1/locations/{id}/hours",
        "PUT",
        fc
          .record({
            id: locationId,
            body: mutatedBody(
              [
                { data: { type: "location-hours", attributes: { weekly: weekOf(nineToFive) } } },
                {
                  data: {
                    type: "location-hours",
                    attributes: {
                      weekly: { ...weekOf(null), monday: { open: "17:00", closed: "09:00" } },
                    },
                  },
                },
                {
                  data: {
                    type: "location-hours",
                    attributes: {
                      weekly: {
                        ...weekOf([nineToFive]),
                        wednesday: [
                          { open: "13:00", closed: "17:00" },
                          { open: "09:00", closed: "12:30" },
                        ],
                      },
                    },
                  },
                },
              ],
              swapIds,
            ),
          })
          .map((r) => ({ path: `/locations/${r.id}/hours`, body: r.body })),
        "manager",
        [200, 404, 422],
      ),
      getter(
        "GET /api/internal/v1/locations/{id}/hours/preview",
        locationId.map((id) => `/locations/${id}/hours/preview`),
        queryString([
          { key: "days", values: fc.constantFrom("14", "1", "62", "63", "0", "-1", "1e1", "x") },
        ]),
        "manager",
        [200, 404, 422],
      ),
      getter(
        "GET /api/internal/v1/locations/{id}/adjustments",
        locationId.map((id) => `/locations/${id}/adjustments`),
        queryString([
          { key: "from", values: dateValue },
          { key: "to", values: dateValue },
        ]),
        "manager",
        [200, 404, 422],
      ),
      sender(
        "POST /api/internal/v1/locations/{id}/adjustments",
        "POST",
        fc
          .record({ id: locationId, body: mutatedBody(adjustmentSeeds, swapIds) })
          .map((r) => ({ path: `/locations/${r.id}/adjustments`, body: r.body })),
        "manager",
        [201, 404, 422],
      ),
      sender(
        "PATCH /api/internal/v1/locations/{id}/adjustments/{adjustmentId}",
        "PATCH",
        fc
          .record({
            id: locationId,
            adjustment: adjustmentId,
            body: mutatedBody(adjustmentSeeds, swapIds),
          })
          .map((r) => ({ path: `/locations/${r.id}/adjustments/${r.adjustment}`, body: r.body })),
        "manager",
        [404, 422],
      ),
      sender(
        "DELETE /api/internal/v1/locations/{id}/adjustments/{adjustmentId}",
        "DELETE",
        fc
          .record({ id: locationId, adjustment: adjustmentId })
          .map((r) => ({ path: `/locations/${r.id}/adjustments/${r.adjustment}` })),
        "manager",
        [404],
      ),
    ];
  }
  // The administration of services, categories and questions (docs/admin-services.md), on targets
  // of their own (InternalFuzzWorld.admin) so the other fuzzers' services and questions stay put.
  function adminFuzzers(): InternalEndpointFuzzer[] {
    const { admin, otherAdmin } = world;
    const serviceId = pathId([admin.service.id], [otherAdmin.service.id]);
    const questionId = pathId([admin.question.id], [otherAdmin.question.id]);
    const categoryId = pathId([admin.category.id], [otherAdmin.category.id]);
    const location = String(world.locationIds[0]);
    const archivedQuery = queryString([
      { key: "archived", values: fc.constantFrom("true", "false", "all", "yes", "") },
    ]);
    const serviceDoc = (attributes: Record<string, unknown>) => ({
      data: { type: "services", attributes },
    });
    const serviceBodies = mutatedBody(
      [
        serviceDoc({ name: "Fuzz", location_ids: [location] }),
        serviceDoc({
          name: "Fuzz",
          translations: [{ locale: "fr", field: "name", content: "Flou" }],
          category_id: String(admin.category.id),
          duration_minutes: 20,
          supports_in_person: true,
          supports_phone: false,
          supports_video: false,
          supports_walkin: true,
          supports_curbside_pickup: false,
          display_in_lobby: true,
          instructions: "Come in",
          sort_order: 3,
          location_ids: [location],
          archived: false,
        }),
      ],
      world.swapIds,
    );
    const categoryBodies = mutatedBody(
      [
        { data: { type: "service-categories", attributes: { name: "Fuzz" } } },
        {
          data: {
            type: "service-categories",
            attributes: {
              name: "Fuzz",
              translations: [{ locale: "es", field: "name", content: "Borroso" }],
              sort_order: 1,
              archived: false,
            },
          },
        },
      ],
      world.swapIds,
    );
    const [yes, no] = admin.question.options;
    const questionBodies = mutatedBody(
      [
        { data: { type: "questions", attributes: { type: "text", label: "Fuzz?" } } },
        {
          data: {
            type: "questions",
            attributes: {
              type: "radio",
              label: "Fuzz?",
              help_text: "Pick one",
              required: true,
              sort_order: 2,
              translations: [{ locale: "ko", field: "label", content: "퍼즈?" }],
              options: [
                { id: String(yes!.id), text: "Yes" },
                { id: String(no!.id), text: "No", translations: [] },
                { text: "Maybe" },
              ],
              service_ids: [String(admin.service.id)],
              archived: false,
            },
          },
        },
      ],
      world.swapIds,
    );
    return [
      getter(
        "GET /api/internal/v1/services",
        fc.constant("/services"),
        archivedQuery,
        "platform",
        [200, 422],
      ),
      sender(
        "POST /api/internal/v1/services",
        "POST",
        at("/services", serviceBodies),
        "platform",
        [201, 422],
      ),
      sender(
        "PUT /api/internal/v1/services/order",
        "PUT",
        at(
          "/services/order",
          mutatedBody(
            [{ data: [{ type: "services", id: String(admin.service.id) }] }],
            world.swapIds,
          ),
        ),
        "platform",
        [200, 422],
      ),
      getter(
        "GET /api/internal/v1/services/{id}",
        serviceId.map((id) => `/services/${id}`),
        queryString([]),
        "platform",
        [200, 404],
      ),
      sender(
        "PATCH /api/internal/v1/services/{id}",
        "PATCH",
        fc
          .record({ id: serviceId, body: serviceBodies })
          .map((r) => ({ path: `/services/${r.id}`, body: r.body })),
        "platform",
        [200, 404, 422],
      ),
      getter(
        "GET /api/internal/v1/service-categories",
        fc.constant("/service-categories"),
        queryString([]),
        "platform",
        [200],
      ),
      sender(
        "POST /api/internal/v1/service-categories",
        "POST",
        at("/service-categories", categoryBodies),
        "platform",
        [201, 422],
      ),
      sender(
        "PATCH /api/internal/v1/service-categories/{id}",
        "PATCH",
        fc
          .record({ id: categoryId, body: categoryBodies })
          .map((r) => ({ path: `/service-categories/${r.id}`, body: r.body })),
        "platform",
        [200, 404, 422],
      ),
      getter(
        "GET /api/internal/v1/questions",
        fc.constant("/questions"),
        archivedQuery,
        "platform",
        [200, 422],
      ),
      sender(
        "POST /api/internal/v1/questions",
        "POST",
        at("/questions", questionBodies),
        "platform",
        [201, 422],
      ),
      getter(
        "GET /api/internal/v1/questions/{id}",
        questionId.map((id) => `/questions/${id}`),
        queryString([]),
        "platform",
        [200, 404],
      ),
      sender(
        "PATCH /api/internal/v1/questions/{id}",
        "PATCH",
        fc
          .record({ id: questionId, body: questionBodies })
          .map((r) => ({ path: `/questions/${r.id}`, body: r.body })),
        "platform",
        [200, 404, 422],
      ),
    ];
  }
}
