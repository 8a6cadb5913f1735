// The call of a waiting visitor as every answer shows it (the open API, realtime, the lobby, the TV):
// the first call, the latest, the desk and how often they were called again; null when not called.
import type { VisitorCall } from "../../shared/contracts/queue-appointment.ts";

type CallColumns = {
  status: string;
  calledAt: Date | null;
  callDesk: string | null;
  recallCount: number;
  recalledAt: Date | null;
};

export function presentVisitorCall(row: CallColumns): VisitorCall {
  if (row.status !== "waiting" || row.calledAt === null) return null;
  return {
    at: row.calledAt.toISOString(),
    last_at: (row.recalledAt ?? row.calledAt).toISOString(),
    desk: row.callDesk,
    recall_count: row.recallCount,
  };
}
