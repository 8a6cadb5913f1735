// A private location's lobby board shows only through its board link: the open endpoint and the
// location's realtime channel want the link's token, and answer a wrong or missing one as they
// answer an unknown location. Managers read the link (a token issued on first ask) and rotate it.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { errorsOf, nextRemoteAddress } from "../../../test/factories/open-api-client.ts";
import { createLocation } from "../../../test/factories/staff.ts";
import { connectEcho, type EchoClient, subscription } from "../../../test/realtime/echo-client.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { realtimeChannels } from "../../shared/realtime-channels.ts";
import { locations } from "../db/schema.ts";
import { createLobbyWorld, type LobbyWorld, staffClient } from "../lobby/lobby-test-world.ts";
import { attachRealtime, type Realtime } from "../realtime/attach-realtime.ts";

describe("the board link of a private location", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let w: LobbyWorld;
  let privateId: number;
  let publicId: number;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    w = await createLobbyWorld(t.db);
    privateId = w.locations[1].id;
    publicId = w.locations[0].id;
    await t.db.update(locations).set({ visibility: "private" }).where(eq(locations.id, privateId));
  });
  afterAll(() => t.close());

  const board = (locationId: number, query = "", lang = "fr") =>
    t.app.inject({
      url: `/api/v2/open/locations/${locationId}/board${query}`,
      headers: { host: w.vendor.host, "accept-language": lang },
      remoteAddress: nextRemoteAddress(),
    });
  const manager = () => staffClient(t.app, w.staff[ROLES.manager], w.vendor.host);

  it("is not shown without the link's token, and answers as an unknown location does", async () => {
    const unknown = await board(2_000_000_000);
    for (const query of ["", "?token=", "?token=guess", "?mode=tv"]) {
      const refused = await board(privateId, query);
      expect(refused.statusCode, query).toBe(404);
      expect(errorsOf(refused)).toEqual(errorsOf(unknown));
    }
    expect((await board(publicId)).statusCode).toBe(200);
  });

  it("is shown with the token a manager's board link carries", async () => {
    const api = await manager();
    const link = await api.get(`/locations/${privateId}/board-link`);
    expect(link.statusCode, link.body).toBe(200);
    const { attributes } = link.json().data;
    expect(attributes).toMatchObject({ visibility: "private" });
    expect(attributes.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(attributes.path).toBe(
      `/callback-service/${privateId}?mode=tv&token=${attributes.token}`,
    );
    // The same link on every ask, until it is rotated.
    expect((await api.get(`/locations/${privateId}/board-link`)).json().data.attributes.token).toBe(
      attributes.token,
    );
    const shown = await board(privateId, `?token=${attributes.token}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data.id).toBe(String(privateId));
    // Another location's token opens only that location's board.
    const other = (await api.get(`/locations/${publicId}/board-link`)).json().data.attributes;
    expect((await board(privateId, `?token=${other.token}`)).statusCode).toBe(404);
  });

  it("stops opening the board once rotated; the new link opens it", async () => {
    const api = await manager();
    const before = (await api.get(`/locations/${privateId}/board-link`)).json().data.attributes;
    const rotated = await api.post(`/locations/${privateId}/board-link/rotation`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const after = rotated.json().data.attributes;
    expect(after.token).not.toBe(before.token);
    expect((await board(privateId, `?token=${before.token}`)).statusCode).toBe(404);
    expect((await board(privateId, `?token=${after.token}`)).statusCode).toBe(200);
  });

  it("is given to managers and above only, for their own vendor's locations", async () => {
    for (const role of [
      ROLES.contact_centre_staff,
      ROLES.kiosk,
      ROLES.staff,
      ROLES.staff_plus,
      ROLES.staff_advanced,
    ] as const) {
      const api = await staffClient(t.app, w.staff[role], w.vendor.host);
      expect((await api.get(`/locations/${privateId}/board-link`)).statusCode, `${role}`).toBe(403);
      expect(
        (await api.post(`/locations/${privateId}/board-link/rotation`)).statusCode,
        `${role}`,
      ).toBe(403);
    }
    for (const role of [ROLES.admin, ROLES.platform_admin] as const) {
      const api = await staffClient(t.app, w.staff[role], w.vendor.host);
      expect((await api.get(`/locations/${privateId}/board-link`)).statusCode, `${role}`).toBe(200);
    }
    const other = await createLobbyWorld(t.db);
    const foreign = await staffClient(t.app, other.staff[ROLES.manager], other.vendor.host);
    expect((await foreign.get(`/locations/${privateId}/board-link`)).statusCode).toBe(404);
    expect((await foreign.post(`/locations/${privateId}/board-link/rotation`)).statusCode).toBe(
      404,
    );
    const anonymous = await t.app.inject({
      url: `/api/internal/v1/locations/${privateId}/board-link`,
      headers: { host: w.vendor.host },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("a private location's realtime channel", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let realtime: Realtime;
  let url: string;
  let w: LobbyWorld;
  let privateId: number;
  let token: string;
  const clients: EchoClient[] = [];

  const echo = (auth: Record<string, unknown> = {}) => {
    const client = connectEcho(url, { auth, headers: { host: w.vendor.host } });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    w = await createLobbyWorld(t.db);
    privateId = (await createLocation(t.db, w.vendor.id, { name: "Private Branch" })).id;
    token = "board-token-board-token-board-tok";
    await t.db
      .update(locations)
      .set({ visibility: "private", boardToken: token })
      .where(eq(locations.id, privateId));
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

  it("is refused without the board link's token, as an unknown location is", async () => {
    const channel = realtimeChannels.locationPublic(privateId);
    for (const auth of [{}, { board_tokens: { [privateId]: "guess" } }]) {
      expect(await subscription(echo(auth).channel(channel))).toMatchObject({
        status: 404,
        code: "location_not_found",
      });
    }
    expect(
      await subscription(echo({ board_tokens: { [privateId]: token } }).channel(channel)),
    ).toBe("subscribed");
    // A public location's channel needs no token.
    expect(
      await subscription(echo().channel(realtimeChannels.locationPublic(w.locations[0].id))),
    ).toBe("subscribed");
  });
});
