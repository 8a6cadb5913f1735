// The one bridge from domain events to sockets. Payloads come from the presenters of the HTTP answers:
// the visitor's live fields (§7's four, and the call) from the open API's, the staff's visitor from the lobby's; no channel
// ever carries a confirm code; a visit's changed messages and a booked appointment's change go out
// as ids alone. Every payload is
// `{ data: … }` (spec §7). With the Redis adapter, io.to(room).emit reaches every node, so only the
// node that raised an event broadcasts it.
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Server } from "socket.io";
import type {
  BoardSettingsChanged,
  ManageQueueAppointmentUpdated,
  QueueAppointmentChanged,
  QueueAppointmentLiveAttributes,
  QueueAppointmentMessagesChanged,
  WaitTimeEntry,
  WaitTimeRecalculated,
} from "../../shared/contracts/realtime.ts";
import type { AppointmentChanged } from "../../shared/contracts/schedule.ts";
import type { Locale } from "../../shared/domain.ts";
import { REALTIME_EVENTS, realtimeChannels } from "../../shared/realtime-channels.ts";
import { runsPerKey } from "../concurrency/runs-per-key.ts";
import type { Db } from "../db/client.ts";
import { locations } from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import type { LoadStaffChannelEntry } from "./load-staff-channel-entry.ts";

/** The queue presenter's document loader (src/server/queue/present-queue-appointment.ts). */
export type LoadQueueAppointmentDocument = (
  db: Db,
  options: { vendorId: number; id: number; locale: Locale },
) => Promise<{
  data: { id: string; attributes: QueueAppointmentLiveAttributes };
  included?: unknown;
} | null>;

export type BroadcastOptions = {
  io: Server;
  events: DomainEventBus;
  db: Db;
  log: FastifyBaseLogger;
  loadQueueAppointmentDocument: LoadQueueAppointmentDocument;
  /** the lobby's presenter, for the staff channel */
  loadStaffChannelEntry: LoadStaffChannelEntry;
};

type PendingChange = {
  vendorId: number;
  queueAppointmentId: number;
  locationIds: Set<number>;
  /**
   * whether the visitor's channel is told: not for a join alone, whose answer the visitor already
   * holds (and whose channel nobody can have opened before the join answered)
   */
  visitor: boolean;
};

export function broadcastDomainEvents(options: BroadcastOptions) {
  const { io, events, db, log, loadQueueAppointmentDocument, loadStaffChannelEntry } = options;

  const emit = (channel: string, event: string, payload: { data: unknown }) => {
    io.to(channel).emit(event, channel, payload);
  };

  const sendWaitTimes = (locationId: number, entries: WaitTimeEntry[]) => {
    const payload: WaitTimeRecalculated = { data: entries };
    emit(
      realtimeChannels.locationPublic(locationId),
      REALTIME_EVENTS.waitTimeRecalculated,
      payload,
    );
    emit(realtimeChannels.locationStaff(locationId), REALTIME_EVENTS.waitTimeRecalculated, payload);
  };

  // Each channel's payload goes out as soon as its own presenter has it.
  const sendVisitorUpdate = async (vendorId: number, id: number) => {
    // the attributes sent are codes, links and a name: no text depends on the language
    const document = await loadQueueAppointmentDocument(db, { vendorId, id, locale: "en" });
    if (!document) return;
    // Picked one by one: the visitor's document holds the confirm code, which no channel carries.
    const { status, dial_in, meeting_link, user, called_at, call } = document.data.attributes;
    const update: ManageQueueAppointmentUpdated = {
      data: { attributes: { status, dial_in, meeting_link, user, called_at, call } },
    };
    emit(
      realtimeChannels.queueAppointmentPublic(id),
      REALTIME_EVENTS.queueAppointmentUpdated,
      update,
    );
  };

  const sendStaffChange = async (vendorId: number, locationId: number, id: number) => {
    const entry = await loadStaffChannelEntry(db, { vendorId, locationId, id });
    if (!entry) return;
    const changed: QueueAppointmentChanged = { data: entry };
    emit(
      realtimeChannels.locationStaff(locationId),
      REALTIME_EVENTS.queueAppointmentChanged,
      changed,
    );
  };

  const sendBoardSettingsChanged = async (vendorId: number) => {
    const rows = await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.vendorId, vendorId), isNull(locations.archivedAt)));
    const payload: BoardSettingsChanged = { data: {} };
    for (const { id } of rows)
      emit(realtimeChannels.locationPublic(id), REALTIME_EVENTS.boardSettingsChanged, payload);
  };

  // Loads run one at a time per appointment and read the latest state, so an older answer never
  // follows a newer one; changes that arrive during a load fold into one more load.
  const appointmentChanges = runsPerKey<PendingChange>(
    async (_key, change) => {
      const { vendorId, queueAppointmentId: id } = change;
      // Settled, all of them, before the next load of this appointment may start.
      const sent = await Promise.allSettled([
        ...(change.visitor ? [sendVisitorUpdate(vendorId, id)] : []),
        ...[...change.locationIds].map((locationId) => sendStaffChange(vendorId, locationId, id)),
      ]);
      for (const outcome of sent) {
        if (outcome.status === "rejected")
          log.warn(
            { err: outcome.reason, queueAppointmentId: id },
            "realtime: could not load a changed appointment",
          );
      }
    },
    (queued, next) => ({
      ...next,
      locationIds: new Set([...queued.locationIds, ...next.locationIds]),
      visitor: queued.visitor || next.visitor,
    }),
  );

  const unsubscribe = [
    events.on("waitTimesRecalculated", ({ locationId, entries }) =>
      sendWaitTimes(locationId, entries),
    ),
    events.on("queueAppointmentChanged", ({ vendorId, locationId, queueAppointmentId, change }) =>
      appointmentChanges.push(`${vendorId}:${queueAppointmentId}`, {
        vendorId,
        queueAppointmentId,
        locationIds: new Set([locationId]),
        visitor: change === "updated",
      }),
    ),
    // Nothing to load: the schedule and the lobby read the appointment again with their own session.
    events.on("appointmentChanged", ({ locationId, appointmentId, startsAt }) => {
      const payload: AppointmentChanged = {
        data: {
          appointment_id: String(appointmentId),
          location_id: String(locationId),
          start: startsAt,
        },
      };
      emit(realtimeChannels.locationStaff(locationId), REALTIME_EVENTS.appointmentChanged, payload);
    }),
    // Nothing to load: each board re-reads itself, on whichever node, with the new settings.
    events.on("boardSettingsChanged", ({ vendorId }) => {
      void sendBoardSettingsChanged(vendorId).catch((error: unknown) =>
        log.warn({ err: error, vendorId }, "realtime: could not tell the boards of new settings"),
      );
    }),
    // Nothing to load: the id tells the lobby whose messages to read again, with its own session.
    events.on("queueAppointmentMessagesChanged", ({ locationId, queueAppointmentId }) => {
      const payload: QueueAppointmentMessagesChanged = { data: { id: String(queueAppointmentId) } };
      emit(
        realtimeChannels.locationStaff(locationId),
        REALTIME_EVENTS.queueAppointmentMessagesChanged,
        payload,
      );
    }),
  ];

  return {
    stop() {
      for (const off of unsubscribe) off();
    },
    /** resolves once every change received so far has been broadcast */
    idle: () => appointmentChanges.idle(),
  };
}
