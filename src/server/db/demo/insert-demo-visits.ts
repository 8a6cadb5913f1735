// Writes the planned demo visits of one vendor: clients, queue places, their status-change
// events, answers and feedback, one multi-row insert per table.
import type { DbOrTx } from "../client.ts";
import { answers, clients, feedback, queueAppointments, queueEvents } from "../schema.ts";
import type { PlannedVisit } from "./demo-visit-builder.ts";

export async function insertDemoVisits(
  tx: DbOrTx,
  vendorId: number,
  visits: readonly PlannedVisit[],
) {
  if (visits.length === 0) return;
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
      })),
    )
    .returning({ id: queueAppointments.id, confirmCode: queueAppointments.confirmCode });
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
