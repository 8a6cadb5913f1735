// A recording stand-in for the realtime client, for hook tests: it keeps the handlers the hooks
// register so a test can push events and reconnects at will.
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type {
  ManageQueueAppointmentUpdated,
  WaitTimeEntry,
} from "../../src/shared/contracts/realtime.ts";
import type { RealtimeClient } from "../../src/web/api/realtime/realtime-client.ts";
import { RealtimeContext } from "../../src/web/api/realtime/realtime-context.tsx";

export function recordingClient() {
  const subscriptions: {
    id: number | string;
    code: string;
    handler: (u: ManageQueueAppointmentUpdated["data"]) => void;
  }[] = [];
  const locations: { id: number | string; handler: (e: WaitTimeEntry[]) => void }[] = [];
  const resyncs = new Set<() => void>();
  const connection = { up: false, listeners: new Set<(up: boolean) => void>() };
  const client = {
    subscribeToQueueAppointment(
      id: number | string,
      code: string,
      handler: (u: ManageQueueAppointmentUpdated["data"]) => void,
    ) {
      const entry = { id, code, handler };
      subscriptions.push(entry);
      return () => void subscriptions.splice(subscriptions.indexOf(entry), 1);
    },
    subscribeToLocation(id: number | string, handler: (e: WaitTimeEntry[]) => void) {
      const entry = { id, handler };
      locations.push(entry);
      return () => void locations.splice(locations.indexOf(entry), 1);
    },
    onResync(listener: () => void) {
      resyncs.add(listener);
      return () => void resyncs.delete(listener);
    },
    onConnectionChange(listener: (up: boolean) => void) {
      connection.listeners.add(listener);
      listener(connection.up);
      return () => void connection.listeners.delete(listener);
    },
  } as unknown as RealtimeClient;
  return {
    client,
    subscriptions,
    locations,
    resync: () => {
      for (const listener of resyncs) listener();
    },
    /** the socket goes up or down */
    setConnected: (up: boolean) => {
      connection.up = up;
      for (const listener of connection.listeners) listener(up);
    },
  };
}

export function wrapperWith(client: RealtimeClient, queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <RealtimeContext value={client}>{children}</RealtimeContext>
    </QueryClientProvider>
  );
}
