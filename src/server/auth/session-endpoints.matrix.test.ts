// Tenant isolation of the session endpoints and /me: every role, at home and against another vendor.
import { afterAll, beforeAll } from "vitest";
import {
  describeInternalEndpointMatrix,
  type InternalEndpoint,
  type MatrixContext,
} from "../../../test/factories/internal-endpoint-matrix.ts";
import { createStaffWorld, FIXTURE_PASSWORD } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";

const endpoints: InternalEndpoint[] = [
  {
    name: "POST /session",
    method: "POST",
    path: () => "/api/internal/v1/session",
    body: ({ account }) => ({ email: account.email, password: FIXTURE_PASSWORD }),
    permission: "account.self",
    okStatus: 200,
    resource: "none",
    session: "none",
  },
  {
    name: "GET /me",
    method: "GET",
    path: () => "/api/internal/v1/me",
    permission: "account.self",
    okStatus: 200,
    resource: "none",
  },
  {
    name: "DELETE /session",
    method: "DELETE",
    path: () => "/api/internal/v1/session",
    permission: "account.self",
    okStatus: 204,
    resource: "none",
    consumesSession: true,
  },
  {
    name: "DELETE /sessions",
    method: "DELETE",
    path: () => "/api/internal/v1/sessions",
    permission: "account.self",
    okStatus: 204,
    resource: "none",
    consumesSession: true,
  },
];

let t: Awaited<ReturnType<typeof buildTestApp>>;
let context: MatrixContext;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  context = { app: t.app, home: await createStaffWorld(t.db), other: await createStaffWorld(t.db) };
});
afterAll(() => t.close());

describeInternalEndpointMatrix("session endpoints × roles × vendors", endpoints, () => context);
