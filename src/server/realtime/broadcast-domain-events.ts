// The one bridge from domain events to sockets. Payloads come from the same presenter as the HTTP
// answer. With the Redis adapter, io.to(room).emit reaches every node, so only the node that raised
// an event (the one whose bus fired) broadcasts it.
import type { FastifyBaseLogger } from "fastify";
import type { Server } from "socket.io";
import type { Locale } from "../../shared/domain.ts";
import {
  type QueueAppointmentUpdate,
  REALTIME_EVENTS,
  realtimeChannels,
  type WaitTimeEntry,
} from "../../shared/realtime-channels.ts";
import { runsPerKey } from "../concurrency/runs-per-key.ts";
import type { Db } from "../db/client.ts";
import type { DomainEventBus } from "../events/domain-events.ts";

/** The queue presenter's document loader (src/server/queue/present-queue-appointment.ts). */
export type LoadQueueAppointmentDocument = (
  db: Db,
  options: { vendorId: number; id: number; locale: Locale },
) => Promise<{
  data: { id: string; attributes: QueueAppointmentUpdate["attributes"] };
  included?: unknown;
} | null>;

export type BroadcastOptions = {
  io: Server;
  events: DomainEventBus;
  db: Db;
  log: FastifyBaseLogger;
  loadQueueAppointmentDocument: LoadQueueAppointmentDocument;
};

type PendingChange = { vendorId: number; queueAppointmentId: number; locationIds: Set<number> };

export function broadcastDomainEvents(options: BroadcastOptions) {
  const { io, events, db, log, loadQueueAppointmentDocument } = options;

  const emit = (channel: string, event: string, data: unknown) => {
    io.to(channel).emit(event, channel, data);
  };

  const sendWaitTimes = (locationId: number, entries: WaitTimeEntry[]) => {
    emit(
      realtimeChannels.locationPublic(locationId),
      REALTIME_EVENTS.waitTimeRecalculated,
      entries,
    );
    emit(realtimeChannels.locationStaff(locationId), REALTIME_EVENTS.waitTimeRecalculated, entries);
  };

  // Loads run one at a time per appointment and read the latest state, so an older answer never
  // follows a newer one; changes that arrive during a load fold into one more load.
  const appointmentChanges = runsPerKey<PendingChange>(
    async (_key, change) => {
      let document: Awaited<ReturnType<LoadQueueAppointmentDocument>>;
      try {
        document = await loadQueueAppointmentDocument(db, {
          vendorId: change.vendorId,
          id: change.queueAppointmentId,
          // the attributes sent are codes, links and a name: no text depends on the language
          locale: "en",
        });
      } catch (error) {
        log.warn(
          { err: error, queueAppointmentId: change.queueAppointmentId },
          "realtime: could not load a changed appointment",
        );
        return;
      }
      if (!document) return;
      const { status, dial_in, meeting_link, user } = document.data.attributes;
      const update: QueueAppointmentUpdate = {
        attributes: { status, dial_in, meeting_link, user },
      };
      emit(
        realtimeChannels.queueAppointmentPublic(change.queueAppointmentId),
        REALTIME_EVENTS.queueAppointmentUpdated,
        update,
      );
      for (const locationId of change.locationIds) {
        emit(
          realtimeChannels.locationStaff(locationId),
          REALTIME_EVENTS.queueAppointmentChanged,
          document.data,
        );
      }
    },
    (queued, next) => ({
      ...next,
      locationIds: new Set([...queued.locationIds, ...next.locationIds]),
    }),
  );

  const unsubscribe = [
    events.on("waitTimesRecalculated", ({ locationId, entries }) =>
      sendWaitTimes(locationId, entries),
    ),
    events.on("queueAppointmentChanged", ({ vendorId, locationId, queueAppointmentId }) =>
      appointmentChanges.push(`${vendorId}:${queueAppointmentId}`, {
        vendorId,
        queueAppointmentId,
        locationIds: new Set([locationId]),
      }),
    ),
  ];

  return {
    stop() {
      for (const off of unsubscribe) off();
    },
    /** resolves once every change received so far has been broadcast */
    idle: () => appointmentChanges.idle(),
  };
}
