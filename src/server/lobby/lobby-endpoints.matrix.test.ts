// Tenant isolation of the lobby API: every endpoint × every role × own location, another location of
// the vendor, another vendor's location, and the session replayed on another vendor's host.
import { afterAll, beforeAll } from "vitest";
import {
  describeInternalEndpointMatrix,
  type EndpointTarget,
  type InternalEndpoint,
  type MatrixContext,
} from "../../../test/factories/internal-endpoint-matrix.ts";
import { createStaffUser } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import {
  addVisitor,
  createLobbyWorld,
  type LobbyWorld,
  patchDocument,
} from "./lobby-test-world.ts";

const api = (path: string) => `/api/internal/v1${path}`;

/** A video visitor per location, assigned to a colleague so that "call next" never takes it. */
const standing = new Map<number, number>();
/** Waiting visitors per location for the changes that end or move a visit: one per case (3 endpoints × 8 roles × own and foreign host at most). */
const pools = new Map<number, number[]>();
const taken = new WeakMap<EndpointTarget, number>();

/** The same pool visitor for the path and the body of one case. */
function poolVisitor(target: EndpointTarget): number {
  let id = taken.get(target);
  if (id === undefined) {
    id = pools.get(target.location.id)?.shift();
    if (id === undefined) throw new Error(`no visitor left at location ${target.location.id}`);
    taken.set(target, id);
  }
  return id;
}
const standingVisitor = (target: EndpointTarget) => standing.get(target.location.id)!;

let colleagueId = 0;

function walkIn(world: LobbyWorld) {
  return {
    data: {
      type: "queue-appointments",
      attributes: { service_id: String(world.services.accounts.id), meeting_method: 2 },
      relationships: {
        client: {
          data: {
            type: "clients",
            attributes: { first_name: "Matrix", last_name: "Caller", cell_phone: "+14165550188" },
          },
        },
      },
    },
  };
}

const lobbyWorlds = new Map<number, LobbyWorld>();

// "Call next" comes before anything that adds a visitor nobody is assigned to, so its line is empty
// and each role can call once per location without already serving someone.
const endpoints: InternalEndpoint[] = [
  {
    name: "GET /locations/{id}/queue",
    method: "GET",
    path: ({ location }) => api(`/locations/${location.id}/queue`),
    permission: "queue.view",
    okStatus: 200,
    resource: "location",
  },
  {
    name: "POST /locations/{id}/queue/next",
    method: "POST",
    path: ({ location }) => api(`/locations/${location.id}/queue/next`),
    permission: "queue.serve",
    okStatus: 200,
    resource: "location",
  },
  {
    name: "PATCH /queue-appointments/{id} meeting link and dial-in",
    method: "PATCH",
    path: (target) => api(`/queue-appointments/${standingVisitor(target)}`),
    body: (target) =>
      patchDocument(standingVisitor(target), {
        meeting_link: "https://meet.example.com/matrix",
        dial_in: { e164: "+14165550100", pin: "42" },
      }),
    permission: "queue.set_meeting_link",
    okStatus: 200,
    resource: "location",
  },
  {
    name: "PATCH /queue-appointments/{id} assign a colleague",
    method: "PATCH",
    path: (target) => api(`/queue-appointments/${standingVisitor(target)}`),
    body: (target) => patchDocument(standingVisitor(target), { user_id: colleagueId }),
    permission: "queue.edit",
    okStatus: 200,
    resource: "location",
  },
  {
    name: "PATCH /queue-appointments/{id} no-show",
    method: "PATCH",
    path: (target) => api(`/queue-appointments/${poolVisitor(target)}`),
    body: (target) => patchDocument(poolVisitor(target), { status: "no_show" }),
    permission: "queue.serve",
    okStatus: 200,
    resource: "location",
  },
  {
    name: "PATCH /queue-appointments/{id} cancel",
    method: "PATCH",
    path: (target) => api(`/queue-appointments/${poolVisitor(target)}`),
    body: (target) => patchDocument(poolVisitor(target), { status: "cancelled" }),
    permission: "queue.cancel",
    okStatus: 200,
    resource: "location",
  },
  {
    name: "POST /queue-appointments/{id}/transfer (another service at the location)",
    method: "POST",
    path: (target) => api(`/queue-appointments/${poolVisitor(target)}/transfer`),
    body: ({ location, world }) => ({
      data: {
        type: "queue-appointment-transfers",
        attributes: {
          location_id: String(location.id),
          service_id: String(lobbyWorlds.get(world.vendor.id)!.services.loans.id),
        },
      },
    }),
    permission: "queue.transfer",
    okStatus: 200,
    resource: "location",
  },
  {
    name: "POST /locations/{id}/queue (walk-in)",
    method: "POST",
    path: ({ location }) => api(`/locations/${location.id}/queue`),
    body: ({ world }) => walkIn(lobbyWorlds.get(world.vendor.id)!),
    permission: "queue.add_walkin",
    okStatus: 201,
    resource: "location",
  },
];

let t: Awaited<ReturnType<typeof buildTestApp>>;
let context: MatrixContext;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  const home = await createLobbyWorld(t.db);
  const other = await createLobbyWorld(t.db);
  // A manager works everywhere, so assigning them is valid at both locations of the vendor.
  colleagueId = (
    await createStaffUser(t.db, { vendorId: home.vendor.id, roleLevel: ROLES.manager })
  ).id;
  for (const world of [home, other]) {
    lobbyWorlds.set(world.vendor.id, world);
    for (const location of world.locations) {
      const visitor = (status: "waiting") =>
        addVisitor(t.db, {
          vendorId: world.vendor.id,
          locationId: location.id,
          serviceId: world.services.accounts.id,
          status,
          meetingMethod: 3,
          userId: world === home ? colleagueId : null,
        });
      standing.set(location.id, (await visitor("waiting")).id);
      const pool = [];
      for (let i = 0; i < 60; i++) pool.push((await visitor("waiting")).id);
      pools.set(location.id, pool);
    }
  }
  context = { app: t.app, home, other };
});
afterAll(() => t.close());

describeInternalEndpointMatrix("lobby endpoints × roles × tenants", endpoints, () => context);
