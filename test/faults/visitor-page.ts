// A visitor's manage page as the web app runs it, minus the DOM: the app's own realtime client
// (src/web/api/realtime/realtime-client.ts) following one appointment and its location's wait
// list, showing what each update brings and re-reading the appointment over HTTP after every
// reconnect, as the page does.
import { createRealtimeClient } from "../../src/web/api/realtime/realtime-client.ts";
import { call, type VisitorSession } from "./open-api-http.ts";

export type Appointment = { id: number; confirmCode: string; locationId: number };

export type VisitorPage = {
  /** the status the page shows now */
  shown(): string;
  /** how many times it re-read its appointment after a reconnect */
  resyncs(): number;
  /** when (performance.now()) each reconnect happened */
  reconnectedAt(): readonly number[];
  /** appointment ids of every wait list the location channel brought */
  seenInWaitLists(): Set<string>;
  close(): void;
};

export function openVisitorPage(url: string, appointment: Appointment): VisitorPage {
  let shown = "waiting";
  let resyncs = 0;
  const reconnects: number[] = [];
  const seen = new Set<string>();
  const reread = async () => {
    const answer = await call(url, {
      path: `/api/v2/open/queue-appointments/${appointment.id}?code=${encodeURIComponent(appointment.confirmCode)}`,
      timeoutMs: 10_000,
    });
    if (answer.ok && answer.status === 200) {
      shown = (JSON.parse(answer.body) as { data: { attributes: { status: string } } }).data
        .attributes.status;
    }
  };
  const client = createRealtimeClient({
    url,
    log: () => {},
    reload: () => {},
    onResync: () => {
      resyncs++;
      reconnects.push(performance.now());
      void reread();
    },
  });
  client.subscribeToQueueAppointment(appointment.id, appointment.confirmCode, (update) => {
    shown = update.attributes.status;
  });
  client.subscribeToLocation(appointment.locationId, (entries) => {
    for (const entry of entries) seen.add(entry.id);
  });
  return {
    shown: () => shown,
    resyncs: () => resyncs,
    reconnectedAt: () => reconnects,
    seenInWaitLists: () => seen,
    close: () => client.disconnect(),
  };
}

/** The visitor's own cancel, as the manage page sends it (PATCH with the confirm code). */
export function cancelAppointment(
  session: VisitorSession,
  baseUrl: string,
  appointment: Appointment,
) {
  return call(baseUrl, {
    method: "PATCH",
    path: `/api/v2/open/queue-appointments/${appointment.id}`,
    headers: {
      "content-type": "application/vnd.api+json",
      "x-csrf-token": session.csrfToken,
      cookie: session.cookie,
    },
    body: JSON.stringify({
      data: {
        id: String(appointment.id),
        type: "queue-appointments",
        attributes: { status: "cancelled", confirm_code: appointment.confirmCode },
      },
    }),
  });
}
