// GET /api/v2/open/queue-appointments/{id}?code= (spec §2, §7): what the confirmation and manage page
// shows. The server answers 404 alike for a wrong id and a wrong code; that is "no such booking"
// (null), not a failure. Fetcher, query options and hook.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type {
  QueueAppointmentDocument,
  QueueAppointmentResource,
} from "../../shared/contracts/queue-appointment.ts";
import type { Locale } from "../../shared/domain.ts";
import { paths } from "../paths.ts";
import { ApiError, api } from "./client.ts";

export type { QueueAppointmentDocument, QueueAppointmentResource };

type Included = QueueAppointmentDocument["included"][number];
export type IncludedOf<T extends Included["type"]> = Extract<Included, { type: T }>;

export async function getQueueAppointment(
  id: string,
  code: string,
  locale: Locale,
): Promise<QueueAppointmentDocument | null> {
  try {
    return await api.get<QueueAppointmentDocument>(paths.api.queueAppointment(id), {
      query: { code },
      locale,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const queueAppointmentQueryKey = (id: string, code: string, locale: Locale) =>
  ["queue-appointment", id, code, locale] as const;

export const queueAppointmentQueryOptions = (id: string, code: string, locale: Locale) =>
  queryOptions({
    queryKey: queueAppointmentQueryKey(id, code, locale),
    queryFn: () => getQueueAppointment(id, code, locale),
    // Realtime keeps it current; a re-read happens on reconnect and on a language switch.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The booking in the page language; missing id or code → nothing is fetched. */
export function useQueueAppointment(id: string | null, code: string | null) {
  const locale = useIntl().locale as Locale;
  return useQuery({
    ...queueAppointmentQueryOptions(id ?? "", code ?? "", locale),
    enabled: Boolean(id && code),
    // A language switch keeps the booking on screen while its translated names load.
    placeholderData: keepPreviousData,
  });
}

const RELATIONSHIP = { clients: "client", services: "service", locations: "location" } as const;
type OneToOne = keyof typeof RELATIONSHIP;

/** The included client, service or location the appointment points at, if the document carries it. */
export function includedOf<T extends OneToOne>(
  document: QueueAppointmentDocument,
  type: T,
): IncludedOf<T> | undefined {
  const wanted = document.data.relationships[RELATIONSHIP[type]].data.id;
  return document.included.find(
    (resource): resource is IncludedOf<T> => resource.type === type && resource.id === wanted,
  );
}
