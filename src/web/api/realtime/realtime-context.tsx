// Gives every page the one realtime client. It is created with the page's bearer token (staff
// pages, spec §6) and opens its socket only when a page subscribes to something.
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { createRealtimeClient, type RealtimeClient } from "./realtime-client.ts";

export const RealtimeContext = createContext<RealtimeClient | null>(null);

export function RealtimeProvider({
  bearerToken = null,
  children,
}: {
  bearerToken?: string | null;
  children: ReactNode;
}) {
  const [client, setClient] = useState<RealtimeClient | null>(null);
  useEffect(() => {
    const created = createRealtimeClient({ bearerToken });
    setClient(created);
    return () => created.disconnect();
  }, [bearerToken]);
  return <RealtimeContext value={client}>{children}</RealtimeContext>;
}

/** The app's realtime client; null outside a RealtimeProvider and before it has mounted. */
export function useRealtimeClient(): RealtimeClient | null {
  return useContext(RealtimeContext);
}
