// Test fixtures for the lobby and dashboard API tests: a staff world (test/factories/staff.ts) whose
// locations offer services, ask questions and have a line of visitors, plus signed-in requests.
import type { LightMyRequestResponse } from "fastify";
import { createQuestion } from "../../../test/factories/questions.ts";
import { createService } from "../../../test/factories/services.ts";
import {
  createStaffUser,
  createStaffWorld,
  type StaffFixture,
  type StaffWorld,
  signInAs,
} from "../../../test/factories/staff.ts";
import { type QueueStatus, ROLES, type RoleLevel } from "../../shared/domain.ts";
import type { App } from "../app.ts";
import type { Db } from "../db/client.ts";
import {
  answers,
  type CarDetails,
  clients,
  queueAppointments,
  queueEvents,
  staffShifts,
  userServices,
} from "../db/schema.ts";

export type LobbyWorld = StaffWorld & {
  services: { accounts: { id: number; name: string }; loans: { id: number; name: string } };
  questions: Awaited<ReturnType<typeof createLobbyQuestions>>;
};

async function createLobbyQuestions(db: Db, vendorId: number) {
  const reason = await createQuestion(db, vendorId, {
    type: "checkbox",
    label: "What brings you in?",
    options: [
      { text: "Savings" },
      { text: "Loans", translations: [{ locale: "fr", field: "text", content: "Prêts" }] },
    ],
    translations: [{ locale: "fr", field: "label", content: "Qu’est-ce qui vous amène ?" }],
  });
  const comment = await createQuestion(db, vendorId, {
    type: "text",
    label: "Anything else?",
    sortOrder: 1,
  });
  return { reason, comment };
}

/** A vendor, two locations offering two services, every role, and the vendor's questions. */
export async function createLobbyWorld(db: Db): Promise<LobbyWorld> {
  const world = await createStaffWorld(db);
  const locationIds = world.locations.map((location) => location.id);
  const accounts = await createService(db, world.vendor.id, { locationIds, name: "Accounts" });
  const loans = await createService(db, world.vendor.id, { locationIds, name: "Loans" });
  return {
    ...world,
    services: { accounts, loans },
    questions: await createLobbyQuestions(db, world.vendor.id),
  };
}

export type VisitorOptions = {
  vendorId: number;
  locationId: number;
  serviceId: number;
  status?: QueueStatus;
  queuedAt?: Date;
  createdAt?: Date;
  firstName?: string;
  lastName?: string;
  cellPhone?: string | null;
  meetingMethod?: 1 | 2 | 3;
  fulfillmentMethod?: 1 | 2;
  carDetails?: CarDetails | null;
  userId?: number | null;
  startedAt?: Date | null;
  endedAt?: Date | null;
  actualWaitSeconds?: number | null;
  quotedWaitSeconds?: number | null;
  answers?: { questionId: number; value: string | number | number[] }[];
};

let visitors = 0;

/** A visitor in the line, written directly (with its "joined" event), for tests about the lobby. */
export async function addVisitor(db: Db, options: VisitorOptions) {
  visitors += 1;
  const now = new Date();
  const queuedAt = options.queuedAt ?? now;
  const [client] = await db
    .insert(clients)
    .values({
      vendorId: options.vendorId,
      firstName: options.firstName ?? `Visitor${visitors}`,
      lastName: options.lastName ?? "Test",
      email: `visitor${visitors}@example.com`,
      cellPhone: options.cellPhone === undefined ? "+14165550123" : options.cellPhone,
      receiveSms: true,
    })
    .returning({ id: clients.id });
  const [row] = await db
    .insert(queueAppointments)
    .values({
      vendorId: options.vendorId,
      locationId: options.locationId,
      serviceId: options.serviceId,
      clientId: client!.id,
      status: options.status ?? "waiting",
      bookedThrough: "online_queue",
      meetingMethod: options.meetingMethod ?? 1,
      fulfillmentMethod: options.fulfillmentMethod ?? 1,
      carDetails: options.carDetails ?? null,
      confirmCode: `T${visitors}${Math.random().toString(36).slice(2, 10)}`.toUpperCase(),
      queuedAt,
      createdAt: options.createdAt ?? queuedAt,
      userId: options.userId ?? null,
      startedAt: options.startedAt ?? null,
      calledAt: options.startedAt ?? null,
      endedAt: options.endedAt ?? null,
      actualWaitSeconds: options.actualWaitSeconds ?? null,
      quotedWaitSeconds: options.quotedWaitSeconds ?? null,
    })
    .returning();
  await db.insert(queueEvents).values({
    vendorId: options.vendorId,
    queueAppointmentId: row!.id,
    type: "joined",
    toStatus: "waiting",
    at: queuedAt,
  });
  if (options.answers?.length) {
    await db.insert(answers).values(
      options.answers.map((answer) => ({
        vendorId: options.vendorId,
        queueAppointmentId: row!.id,
        questionId: answer.questionId,
        value: answer.value,
      })),
    );
  }
  return row!;
}

/** A staff member working at the given locations who serves only the given services (none: all). */
export async function createServer(
  db: Db,
  world: StaffWorld,
  options: { locationIds?: number[]; serviceIds?: number[]; roleLevel?: RoleLevel } = {},
): Promise<StaffFixture> {
  const account = await createStaffUser(db, {
    vendorId: world.vendor.id,
    roleLevel: options.roleLevel ?? ROLES.staff,
    locationIds: options.locationIds ?? [world.locations[0].id],
  });
  for (const serviceId of options.serviceIds ?? []) {
    await db
      .insert(userServices)
      .values({ vendorId: world.vendor.id, userId: account.id, serviceId });
  }
  return account;
}

/** Puts a staff member on shift at a location for the hour around now, so the line gets estimates. */
export async function putOnShift(db: Db, vendorId: number, userId: number, locationId: number) {
  const now = Date.now();
  await db.insert(staffShifts).values({
    vendorId,
    userId,
    locationId,
    startsAt: new Date(now - 60 * 60_000),
    endsAt: new Date(now + 60 * 60_000),
  });
}

export type StaffClient = {
  get(url: string): Promise<LightMyRequestResponse>;
  post(
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  patch(url: string, payload: object): Promise<LightMyRequestResponse>;
  put(url: string, payload: object): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
};

/** Signs a staff member in and sends their cookie and CSRF token with every call. */
export async function staffClient(
  app: App,
  account: StaffFixture,
  host: string,
): Promise<StaffClient> {
  const session = await signInAs(app, account, host);
  const headers = { host, cookie: session.cookie, "x-csrf-token": session.csrfToken };
  const api = (url: string) => `/api/internal/v1${url}`;
  return {
    get: (url) => app.inject({ method: "GET", url: api(url), headers }),
    post: (url, payload, extra = {}) =>
      app.inject({
        method: "POST",
        url: api(url),
        headers: { ...headers, ...extra },
        ...(payload === undefined ? {} : { payload }),
      }),
    patch: (url, payload) => app.inject({ method: "PATCH", url: api(url), headers, payload }),
    put: (url, payload) => app.inject({ method: "PUT", url: api(url), headers, payload }),
    delete: (url) => app.inject({ method: "DELETE", url: api(url), headers }),
  };
}

/** The PATCH document for one appointment. */
export function patchDocument(id: number, attributes: Record<string, unknown>) {
  return { data: { id: String(id), type: "queue-appointments", attributes } };
}
