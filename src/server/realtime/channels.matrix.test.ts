// The realtime half of the role × endpoint × tenant matrix: every role, signed in with its realtime
// token from GET /me, against every channel kind, on its own location, another location of its
// vendor, another vendor's, and on another vendor's host. Expectations are written out per role,
// not computed from the permission table, so a wrong grant shows.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createStaffWorld, type StaffWorld, signInAs } from "../../../test/factories/staff.ts";
import { connectEcho, type EchoClient, subscription } from "../../../test/realtime/echo-client.ts";
import { insertWaitingVisitor } from "../../../test/realtime/fixtures.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLE_LEVELS, type RoleLevel } from "../../shared/domain.ts";
import { realtimeChannels } from "../../shared/realtime-channels.ts";
import { attachRealtime, type Realtime } from "./attach-realtime.ts";

type Scenario = "own" | "other_location" | "other_vendor" | "foreign_host";
/** "ok": subscribed; otherwise the refusal's status and code */
type Expected = "ok" | `${401 | 403 | 404} ${string}`;

const S = "ok";
const FORBIDDEN = "403 forbidden";
const FOREIGN = "401 invalid_token";

/** private-App.Models.Location.{id}: queue.view (5, 10 and up; never the kiosk), below Manager only one's own locations. */
const STAFF_LOCATION: Record<RoleLevel, Record<Scenario, Expected>> = {
  5: { own: S, other_location: FORBIDDEN, other_vendor: FORBIDDEN, foreign_host: FOREIGN },
  7: { own: FORBIDDEN, other_location: FORBIDDEN, other_vendor: FORBIDDEN, foreign_host: FOREIGN },
  10: { own: S, other_location: FORBIDDEN, other_vendor: FORBIDDEN, foreign_host: FOREIGN },
  13: { own: S, other_location: FORBIDDEN, other_vendor: FORBIDDEN, foreign_host: FOREIGN },
  15: { own: S, other_location: FORBIDDEN, other_vendor: FORBIDDEN, foreign_host: FOREIGN },
  20: { own: S, other_location: S, other_vendor: FORBIDDEN, foreign_host: FOREIGN },
  30: { own: S, other_location: S, other_vendor: FORBIDDEN, foreign_host: FOREIGN },
  50: { own: S, other_location: S, other_vendor: FORBIDDEN, foreign_host: FOREIGN },
};

/**
 * App.Models.QueueAppointment.{id}.public with the visitor's code (and the staff token alongside):
 * the code decides, whoever holds it, within the vendor of the socket's host.
 */
const MISMATCH = "403 confirm_code_mismatch";
const visitorWithCode: Record<Scenario, Expected> = {
  own: S,
  other_location: S,
  other_vendor: MISMATCH,
  foreign_host: MISMATCH,
};
const VISITOR_WITH_CODE: Record<RoleLevel, Record<Scenario, Expected>> = {
  5: visitorWithCode,
  7: visitorWithCode,
  10: visitorWithCode,
  13: visitorWithCode,
  15: visitorWithCode,
  20: visitorWithCode,
  30: visitorWithCode,
  50: visitorWithCode,
};

/** The same channel with the staff token alone: no role opens a visitor's channel without the code. */
const NO_CODE = "401 confirm_code_required";
const visitorWithoutCode: Record<Scenario, Expected> = {
  own: NO_CODE,
  other_location: NO_CODE,
  other_vendor: NO_CODE,
  foreign_host: NO_CODE,
};
const VISITOR_WITHOUT_CODE: Record<RoleLevel, Record<Scenario, Expected>> = {
  5: visitorWithoutCode,
  7: visitorWithoutCode,
  10: visitorWithoutCode,
  13: visitorWithoutCode,
  15: visitorWithoutCode,
  20: visitorWithoutCode,
  30: visitorWithoutCode,
  50: visitorWithoutCode,
};

/** App.Models.Location.{id}.public (wait times): anyone on a host of the location's vendor. */
const NOT_FOUND = "404 location_not_found";
const waitTimes: Record<Scenario, Expected> = {
  own: S,
  other_location: S,
  other_vendor: NOT_FOUND,
  foreign_host: NOT_FOUND,
};
const LOCATION_WAIT_TIMES: Record<RoleLevel, Record<Scenario, Expected>> = {
  5: waitTimes,
  7: waitTimes,
  10: waitTimes,
  13: waitTimes,
  15: waitTimes,
  20: waitTimes,
  30: waitTimes,
  50: waitTimes,
};

type ChannelKind = {
  name: string;
  expected: Record<RoleLevel, Record<Scenario, Expected>>;
  /** the channel name and the Echo auth of a case */
  subscribe(target: Target, token: string): { channel: string; auth: Record<string, unknown> };
};
type Target = { locationId: number; visitor: { id: number; confirmCode: string } };

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const KINDS: ChannelKind[] = [
  {
    name: "staff location channel",
    expected: STAFF_LOCATION,
    subscribe: (target, token) => ({
      channel: realtimeChannels.locationStaff(target.locationId),
      auth: bearer(token),
    }),
  },
  {
    name: "visitor appointment channel with its code",
    expected: VISITOR_WITH_CODE,
    subscribe: (target, token) => ({
      channel: realtimeChannels.queueAppointmentPublic(target.visitor.id),
      auth: { ...bearer(token), confirm_code: target.visitor.confirmCode },
    }),
  },
  {
    name: "visitor appointment channel with a staff token only",
    expected: VISITOR_WITHOUT_CODE,
    subscribe: (target, token) => ({
      channel: realtimeChannels.queueAppointmentPublic(target.visitor.id),
      auth: bearer(token),
    }),
  },
  {
    name: "location wait-time channel",
    expected: LOCATION_WAIT_TIMES,
    subscribe: (target, token) => ({
      channel: realtimeChannels.locationPublic(target.locationId),
      auth: bearer(token),
    }),
  },
];
const SCENARIOS: Scenario[] = ["own", "other_location", "other_vendor", "foreign_host"];

describe("realtime channels × roles × tenants", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let realtime: Realtime;
  let url: string;
  let home: StaffWorld;
  let other: StaffWorld;
  const targets = {} as Record<Scenario, Target>;
  const tokens = new Map<RoleLevel, string>();
  const clients: EchoClient[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    home = await createStaffWorld(t.db);
    other = await createStaffWorld(t.db);
    const at = async (world: StaffWorld, index: 0 | 1): Promise<Target> => ({
      locationId: world.locations[index].id,
      visitor: await insertWaitingVisitor(t.db, world.vendor.id, world.locations[index].id),
    });
    targets.own = await at(home, 0);
    targets.other_location = await at(home, 1);
    targets.other_vendor = await at(other, 0);
    // the home vendor's own location and visitor, asked for on the other vendor's host
    targets.foreign_host = targets.own;
    for (const role of ROLE_LEVELS) {
      const session = await signInAs(t.app, home.staff[role], home.vendor.host);
      const me = await t.app.inject({
        url: "/api/internal/v1/me",
        headers: { host: home.vendor.host, cookie: session.cookie },
      });
      tokens.set(role, me.json().data.realtime.token);
    }
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    realtime = await attachRealtime(t.app);
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(async () => {
    await realtime.close();
    await t.close();
  });

  for (const kind of KINDS) {
    describe(kind.name, () => {
      for (const role of ROLE_LEVELS) {
        for (const scenario of SCENARIOS) {
          const expected = kind.expected[role][scenario];
          it(`role ${role}, ${scenario.replace("_", " ")} → ${expected}`, async () => {
            const { channel, auth } = kind.subscribe(targets[scenario], tokens.get(role)!);
            const host = scenario === "foreign_host" ? other.vendor.host : home.vendor.host;
            const client = connectEcho(url, { auth, headers: { host } });
            clients.push(client);
            const answer = await subscription(client.channel(channel));
            expect(answer === "subscribed" ? "ok" : `${answer.status} ${answer.code}`).toBe(
              expected,
            );
          });
        }
      }
    });
  }
});
