// Test fixtures of the clients API: a client written directly, with walk-ins, booked appointments,
// messages and feedback of its own, at fixed instants.
import type { Db } from "../../src/server/db/client.ts";
import {
  appointments,
  clients,
  feedback,
  messages,
  queueAppointments,
} from "../../src/server/db/schema.ts";

let made = 0;

export async function addClient(
  db: Db,
  vendorId: number,
  values: Partial<typeof clients.$inferInsert> = {},
) {
  made += 1;
  const [row] = await db
    .insert(clients)
    .values({ vendorId, firstName: `Client${made}`, lastName: "Test", ...values })
    .returning();
  return row!;
}

export async function addWalkIn(
  db: Db,
  options: {
    vendorId: number;
    locationId: number;
    serviceId: number;
    clientId: number;
    createdAt: Date;
    status?: "waiting" | "in_progress" | "completed" | "cancelled" | "no_show";
    startedAt?: Date | null;
    endedAt?: Date | null;
    userId?: number | null;
    ticket?: string | null;
  },
) {
  made += 1;
  const [row] = await db
    .insert(queueAppointments)
    .values({
      vendorId: options.vendorId,
      locationId: options.locationId,
      serviceId: options.serviceId,
      clientId: options.clientId,
      status: options.status ?? "waiting",
      confirmCode: `CL${made}${Math.random().toString(36).slice(2, 10)}`.toUpperCase(),
      queuedAt: options.createdAt,
      createdAt: options.createdAt,
      updatedAt: options.endedAt ?? options.createdAt,
      startedAt: options.startedAt ?? null,
      endedAt: options.endedAt ?? null,
      userId: options.userId ?? null,
      ticket: options.ticket ?? null,
    })
    .returning();
  return row!;
}

export async function addAppointment(
  db: Db,
  options: {
    vendorId: number;
    locationId: number;
    serviceId: number;
    clientId: number;
    startsAt: Date;
    createdAt: Date;
  },
) {
  made += 1;
  const [row] = await db
    .insert(appointments)
    .values({
      vendorId: options.vendorId,
      locationId: options.locationId,
      serviceId: options.serviceId,
      clientId: options.clientId,
      startsAt: options.startsAt,
      endsAt: new Date(options.startsAt.getTime() + 30 * 60_000),
      confirmCode: `AP${made}${Math.random().toString(36).slice(2, 10)}`.toUpperCase(),
      createdAt: options.createdAt,
    })
    .returning();
  return row!;
}

export async function addMessage(
  db: Db,
  options: {
    vendorId: number;
    locationId: number;
    queueAppointmentId?: number;
    appointmentId?: number;
    direction?: "outbound" | "inbound";
    createdAt: Date;
  },
) {
  const inbound = options.direction === "inbound";
  const [row] = await db
    .insert(messages)
    .values({
      vendorId: options.vendorId,
      locationId: options.locationId,
      queueAppointmentId: options.queueAppointmentId ?? null,
      appointmentId: options.appointmentId ?? null,
      direction: inbound ? "inbound" : "outbound",
      channel: "sms",
      kind: inbound ? "reply" : "joined",
      recipient: "+14165550100",
      body: "Hello",
      status: inbound ? "received" : "delivered",
      createdAt: options.createdAt,
    })
    .returning();
  return row!;
}

export async function addFeedback(
  db: Db,
  options: { vendorId: number; queueAppointmentId: number; ratingHalves: number; createdAt: Date },
) {
  await db.insert(feedback).values(options);
}
