// GET /api/internal/v1/notification-templates: the templates of one or more audiences in one
// language, each with the product's wording, the vendor's and a location's own, and what is sent.
// Fetcher, query options and hook of the notification settings pages.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type {
  NotificationTemplate,
  NotificationTemplateList,
} from "../../../shared/contracts/notification-templates.ts";
import type { Locale } from "../../../shared/domain.ts";
import type { MessageAudience } from "../../../shared/notifications/message-kinds.ts";
import { paths } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { NotificationTemplate };

export type TemplatesQuery = {
  audiences: readonly MessageAudience[];
  lang: Locale;
  /** with the location's own templates, and what is sent there */
  locationId: number | null;
};

export const notificationTemplatesRoot = [OFFICE_QUERY_ROOT, "notification-templates"] as const;

export const notificationTemplatesKey = (query: TemplatesQuery) =>
  [...notificationTemplatesRoot, query.audiences.join(","), query.lang, query.locationId] as const;

export async function getNotificationTemplates(
  query: TemplatesQuery,
  signal?: AbortSignal,
): Promise<NotificationTemplate[]> {
  const lists = await Promise.all(
    query.audiences.map((audience) =>
      officeApi.get<NotificationTemplateList>(
        paths.api.internal.notificationTemplates({
          audience,
          lang: query.lang,
          location_id: query.locationId ?? undefined,
        }),
        signal ? { signal } : undefined,
      ),
    ),
  );
  return lists.flatMap((list) => list.data);
}

export const notificationTemplatesQueryOptions = (query: TemplatesQuery) =>
  queryOptions({
    queryKey: notificationTemplatesKey(query),
    queryFn: ({ signal }) => getNotificationTemplates(query, signal),
    // Switching language or location keeps the editor on screen until the other texts arrive.
    placeholderData: (previous) => previous,
  });

export function useNotificationTemplates(query: TemplatesQuery) {
  return useQuery(notificationTemplatesQueryOptions(query));
}
