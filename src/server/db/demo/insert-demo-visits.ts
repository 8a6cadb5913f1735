// Writes the planned demo visits of one vendor: clients, queue places with their short tickets,
// their status-change events, answers and feedback, one multi-row insert per table, and the ticket
// counters the visits used, so that the next join at a location goes on from the demo's numbers.
import { localTime } from "../../../shared/opening-hours.ts";
import { formatTicket } from "../../../shared/queue/ticket.ts";
import type { DbOrTx } from "../client.ts";
import {
  answers,
  clients,
  feedback,
  queueAppointments,
  queueEvents,
  ticketCounters,
} from "../schema.ts";
import type { PlannedVisit } from "./demo-visit-builder.ts";

/** What a ticket is made of: each location's time zone (its day) and each service's prefix. */
export type DemoTicketing = {
  timezoneOf: ReadonlyMap<number, string>;
  prefixOf: ReadonlyMap<number, string>;
};

/** Each visit's ticket, numbered by arrival per location, local day and prefix as joins are. */
function numberVisits(visits: readonly PlannedVisit[], ticketing: DemoTicketing) {
  const tickets = new Map<PlannedVisit, string>();
  const counters = new Map<
    string,
    { locationId: number; localDate: string; prefix: string; lastNumber: number }
  >();
  // The visit builder sets every visit's arrival.
  const arrival = (visit: PlannedVisit) => visit.appointment.queuedAt!.getTime();
  const byArrival = [...visits].sort((a, b) => arrival(a) - arrival(b));
  for (const visit of byArrival) {
    const { locationId, serviceId } = visit.appointment;
    const localDate = localTime(
      new Date(arrival(visit)),
      ticketing.timezoneOf.get(locationId)!,
    ).date;
    const prefix = ticketing.prefixOf.get(serviceId)!;
    const key = `${locationId}|${localDate}|${prefix}`;
    const counter = counters.get(key) ?? { locationId, localDate, prefix, lastNumber: 0 };
    counter.lastNumber += 1;
    counters.set(key, counter);
    tickets.set(visit, formatTicket(prefix, counter.lastNumber));
  }
  return { tickets, counters: [...counters.values()] };
}

export async function insertDemoVisits(
  tx: DbOrTx,
  vendorId: number,
  visits: readonly PlannedVisit[],
  ticketing: DemoTicketing,
) {
  if (visits.length === 0) return;
  const { tickets, counters } = numberVisits(visits, ticketing);
  // Demo clients carry an external id (as if from the bank's CRM) that also maps rows back.
  const externalIdOf = (index: number) => `CRM-${String(index + 1).padStart(6, "0")}`;
  const clientRows = await tx
    .insert(clients)
    .values(visits.map((v, index) => ({ ...v.client, vendorId, externalId: externalIdOf(index) })))
    .returning({ id: clients.id, externalId: clients.externalId });
  const clientIds = new Map(clientRows.map((row) => [row.externalId, row.id]));

  const appointmentRows = await tx
    .insert(queueAppointments)
    .values(
      visits.map((v, index) => ({
        ...v.appointment,
        vendorId,
        clientId: clientIds.get(externalIdOf(index))!,
        ticket: tickets.get(v)!,
      })),
    )
    .returning({ id: queueAppointments.id, confirmCode: queueAppointments.confirmCode });
  await tx.insert(ticketCounters).values(counters.map((counter) => ({ vendorId, ...counter })));
  const appointmentIds = new Map(appointmentRows.map((row) => [row.confirmCode, row.id]));
  const idOf = (visit: PlannedVisit) => appointmentIds.get(visit.appointment.confirmCode)!;

  await tx.insert(queueEvents).values(
    visits.flatMap((visit) =>
      visit.events.map((event) => ({
        vendorId,
        queueAppointmentId: idOf(visit),
        ...event,
      })),
    ),
  );
  const answerRows = visits.flatMap((visit) =>
    visit.answers.map((answer) => ({ vendorId, queueAppointmentId: idOf(visit), ...answer })),
  );
  if (answerRows.length) await tx.insert(answers).values(answerRows);
  const feedbackRows = visits.flatMap((visit) =>
    visit.feedback
      ? [
          {
            vendorId,
            queueAppointmentId: idOf(visit),
            ...visit.feedback,
            createdAt: visit.appointment.endedAt ?? undefined,
          },
        ]
      : [],
  );
  if (feedbackRows.length) await tx.insert(feedback).values(feedbackRows);
}
