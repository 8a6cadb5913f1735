// Tenant isolation of the notification settings: every role, on the vendor's templates and settings
// and on a location's (of its own, of another vendor), and with the session on another vendor's host.
import { afterAll, beforeAll } from "vitest";
import {
  describeInternalEndpointMatrix,
  type InternalEndpoint,
  type MatrixContext,
} from "../../../../test/factories/internal-endpoint-matrix.ts";
import { createStaffWorld } from "../../../../test/factories/staff.ts";
import { buildTestApp } from "../../../../test/test-app.ts";

const api = "/api/internal/v1";
const template = (body: string, locationId?: number) => ({
  data: {
    type: "notification-templates",
    attributes: { body, ...(locationId === undefined ? {} : { location_id: locationId }) },
  },
});
const settings = (attributes: object, type = "notification-settings") => ({
  data: { type, attributes },
});

const endpoints: InternalEndpoint[] = [
  {
    name: "GET /notification-templates",
    method: "GET",
    path: () => `${api}/notification-templates?audience=client&lang=en`,
    permission: "settings.manage",
    okStatus: 200,
    resource: "none",
  },
  {
    name: "GET /notification-templates?location_id",
    method: "GET",
    path: ({ location }) =>
      `${api}/notification-templates?audience=client&lang=en&location_id=${location.id}`,
    permission: "settings.manage",
    okStatus: 200,
    resource: "location",
  },
  {
    name: "PUT /notification-templates/{kind}/{channel}/{lang}",
    method: "PUT",
    path: () => `${api}/notification-templates/joined/sms/en`,
    body: () => template("You are number {position}."),
    permission: "settings.manage",
    okStatus: 204,
    resource: "none",
  },
  {
    name: "PUT /notification-templates/{kind}/{channel}/{lang} with location_id",
    method: "PUT",
    path: () => `${api}/notification-templates/joined/sms/en`,
    body: ({ location }) => template("Number {position}.", location.id),
    permission: "settings.manage",
    okStatus: 204,
    resource: "location",
  },
  {
    name: "DELETE /notification-templates/{kind}/{channel}/{lang}?location_id",
    method: "DELETE",
    path: ({ location }) =>
      `${api}/notification-templates/joined/sms/en?location_id=${location.id}`,
    permission: "settings.manage",
    okStatus: 204,
    resource: "location",
  },
  {
    name: "GET /notification-settings",
    method: "GET",
    path: () => `${api}/notification-settings`,
    permission: "settings.manage",
    okStatus: 200,
    resource: "none",
  },
  {
    name: "PUT /notification-settings",
    method: "PUT",
    path: () => `${api}/notification-settings`,
    body: () => settings({ almost_turn_people: 3 }),
    permission: "settings.manage",
    okStatus: 200,
    resource: "none",
  },
  {
    name: "GET /locations/{id}/notification-settings",
    method: "GET",
    path: ({ location }) => `${api}/locations/${location.id}/notification-settings`,
    permission: "settings.manage",
    okStatus: 200,
    resource: "location",
  },
  {
    name: "PUT /locations/{id}/notification-settings",
    method: "PUT",
    path: ({ location }) => `${api}/locations/${location.id}/notification-settings`,
    body: () => settings({ almost_turn_minutes: 5 }, "location-notification-settings"),
    permission: "settings.manage",
    okStatus: 200,
    resource: "location",
  },
];

let t: Awaited<ReturnType<typeof buildTestApp>>;
let context: MatrixContext;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  context = { app: t.app, home: await createStaffWorld(t.db), other: await createStaffWorld(t.db) };
});
afterAll(() => t.close());

describeInternalEndpointMatrix("notification settings × roles × tenants", endpoints, () => context);
