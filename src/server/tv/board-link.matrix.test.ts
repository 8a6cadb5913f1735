// Tenant isolation of the board link routes: every role × own location, another location of the
// vendor, another vendor's location, and the session replayed on another vendor's host.
import { afterAll, beforeAll } from "vitest";
import {
  describeInternalEndpointMatrix,
  type InternalEndpoint,
  type MatrixContext,
} from "../../../test/factories/internal-endpoint-matrix.ts";
import { createStaffWorld } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";

const endpoints: InternalEndpoint[] = [
  {
    name: "GET /locations/{id}/board-link",
    method: "GET",
    path: ({ location }) => `/api/internal/v1/locations/${location.id}/board-link`,
    permission: "tv_board.manage",
    okStatus: 200,
    resource: "location",
  },
  {
    name: "POST /locations/{id}/board-link/rotation",
    method: "POST",
    path: ({ location }) => `/api/internal/v1/locations/${location.id}/board-link/rotation`,
    permission: "tv_board.manage",
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

describeInternalEndpointMatrix("board link × roles × tenants", endpoints, () => context);
