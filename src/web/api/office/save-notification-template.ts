// PUT /api/internal/v1/notification-templates/{kind}/{channel}/{lang}: saves the vendor's (or a
// location's) wording of a message; the server checks it again and answers 422 per field. The
// template lists are stale afterwards, so they are re-read.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NotificationTemplateInput } from "../../../shared/contracts/notification-templates.ts";
import { paths } from "../../office/office-paths.ts";
import { notificationTemplatesRoot } from "./notification-templates.ts";
import { officeApi } from "./office-client.ts";

export type TemplateKey = { kind: string; channel: string; lang: string };

export type SaveTemplate = TemplateKey & {
  subject: string | null;
  body: string;
  locationId: number | null;
};

export async function saveNotificationTemplate(input: SaveTemplate): Promise<void> {
  const document: NotificationTemplateInput = {
    data: {
      type: "notification-templates",
      attributes: {
        subject: input.channel === "email" ? input.subject : null,
        body: input.body,
        ...(input.locationId === null ? {} : { location_id: input.locationId }),
      },
    },
  };
  await officeApi.put<void>(paths.api.internal.notificationTemplate(input), document);
}

export function useSaveNotificationTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationTemplatesRoot }),
  });
}
