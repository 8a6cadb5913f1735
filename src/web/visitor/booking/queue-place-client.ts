// The client of a queue place being turned into an appointment (spec §4 Convert), read with the
// place's confirm code to fill the details step in: GET /api/v2/open/queue-appointments/{id}?code=.
// Its own chunk, loaded only for a conversion; it reads the document itself rather than through
// api/queue-appointment.ts, which lives in the queue confirmation page's chunk.
import type { QueueAppointmentDocument } from "../../../shared/contracts/queue-appointment.ts";
import { api } from "../../api/client.ts";
import { paths } from "../../paths.ts";

export type QueuePlaceClient = {
  first_name: string;
  last_name: string;
  email: string | null;
  cell_phone: string | null;
  receive_sms: boolean;
};

export async function queuePlaceClient(id: string, code: string): Promise<QueuePlaceClient | null> {
  const document = await api.get<QueueAppointmentDocument>(paths.api.queueAppointment(id), {
    query: { code },
  });
  const wanted = document.data.relationships.client.data.id;
  const client = document.included.find(
    (resource) => resource.type === "clients" && resource.id === wanted,
  );
  return client?.type === "clients" ? client.attributes : null;
}
