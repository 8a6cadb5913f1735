// Reads the visitors of one location's line (or one visitor) with everything the lobby shows, in a
// fixed number of queries however long the line: appointments with client, service and staff
// member joined, then all their answers at once, then the vendor's questions.
import { and, asc, eq, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { answers, clients, queueAppointments, services, users } from "../db/schema.ts";
import { loadQuestions, type QuestionWithOptions } from "../questions/load-questions.ts";
import type { LobbyEntryRow } from "./present-lobby-entry.ts";

export type LobbyEntries = {
  entries: LobbyEntryRow[];
  /** the vendor's questions by id, for answer labels and option texts */
  questions: Map<number, QuestionWithOptions>;
};

type Scope = { vendorId: number; locationId: number };
const q = queueAppointments;

/** Everyone waiting or in progress at the location, waiting first in queue order. */
export function loadLobbyQueue(db: DbOrTx, scope: Scope): Promise<LobbyEntries> {
  return loadEntries(db, scope, inArray(q.status, ["waiting", "in_progress"]));
}

/** One appointment of the location, whatever its status, with its place in the line. */
export async function loadLobbyEntry(
  db: DbOrTx,
  scope: Scope & { id: number },
): Promise<LobbyEntries & { entry: LobbyEntryRow | null }> {
  const loaded = await loadEntries(db, scope, eq(q.id, scope.id));
  const entry = loaded.entries[0] ?? null;
  if (entry?.appointment.status === "waiting") {
    const row = entry.appointment;
    const [ahead] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(q)
      .where(
        and(
          eq(q.vendorId, scope.vendorId),
          eq(q.locationId, scope.locationId),
          eq(q.status, "waiting"),
          or(lt(q.queuedAt, row.queuedAt), and(eq(q.queuedAt, row.queuedAt), lt(q.id, row.id))),
        ),
      );
    entry.position = (ahead?.count ?? 0) + 1;
  }
  return { ...loaded, entry };
}

async function loadEntries(db: DbOrTx, scope: Scope, filter: SQL): Promise<LobbyEntries> {
  const { vendorId, locationId } = scope;
  const where = and(eq(q.vendorId, vendorId), eq(q.locationId, locationId), filter);
  const rows = await db
    .select({
      appointment: q,
      client: clients,
      service: { id: services.id, name: services.name, translations: services.translations },
      userId: users.id,
      userFirstName: users.firstName,
      userLastName: users.lastName,
    })
    .from(q)
    .innerJoin(clients, and(eq(clients.id, q.clientId), eq(clients.vendorId, vendorId)))
    .innerJoin(services, and(eq(services.id, q.serviceId), eq(services.vendorId, vendorId)))
    .leftJoin(users, and(eq(users.id, q.userId), eq(users.vendorId, vendorId)))
    .where(where)
    .orderBy(asc(q.queuedAt), asc(q.id));
  if (rows.length === 0) return { entries: [], questions: new Map() };

  const answerRows = await db
    .select({ answer: answers })
    .from(answers)
    .innerJoin(q, eq(q.id, answers.queueAppointmentId))
    .where(and(eq(answers.vendorId, vendorId), where))
    .orderBy(asc(answers.id));
  const answersByAppointment = new Map<number, (typeof answers.$inferSelect)[]>();
  for (const { answer } of answerRows) {
    const list = answersByAppointment.get(answer.queueAppointmentId) ?? [];
    list.push(answer);
    answersByAppointment.set(answer.queueAppointmentId, list);
  }
  const questions =
    answerRows.length === 0
      ? []
      : await loadQuestions(db, { vendorId: scope.vendorId, includeArchived: true });

  let position = 0;
  const entries = rows.map((row): LobbyEntryRow => {
    const waiting = row.appointment.status === "waiting";
    if (waiting) position += 1;
    return {
      appointment: row.appointment,
      client: row.client,
      service: row.service,
      user:
        row.userId !== null && row.userFirstName !== null && row.userLastName !== null
          ? { id: row.userId, firstName: row.userFirstName, lastName: row.userLastName }
          : null,
      answers: answersByAppointment.get(row.appointment.id) ?? [],
      position: waiting ? position : null,
    };
  });
  // Waiting first, in queue order; then the meetings in progress, longest running first.
  entries.sort((a, b) => rank(a) - rank(b) || startOf(a) - startOf(b));
  return { entries, questions: new Map(questions.map((question) => [question.id, question])) };
}

const rank = (entry: LobbyEntryRow) => (entry.appointment.status === "waiting" ? 0 : 1);
const startOf = (entry: LobbyEntryRow) =>
  entry.appointment.status === "waiting" ? 0 : (entry.appointment.startedAt?.getTime() ?? 0);
