// DELETE /api/internal/v1/notification-templates/{kind}/{channel}/{lang}: back to the default (a
// location's own: back to the vendor's). The template lists are re-read afterwards.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { paths } from "../../office/office-paths.ts";
import { notificationTemplatesRoot } from "./notification-templates.ts";
import { officeApi } from "./office-client.ts";
import type { TemplateKey } from "./save-notification-template.ts";

export async function resetNotificationTemplate(
  input: TemplateKey & { locationId: number | null },
): Promise<void> {
  await officeApi.delete<void>(
    paths.api.internal.notificationTemplate(input, input.locationId ?? undefined),
  );
}

export function useResetNotificationTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetNotificationTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationTemplatesRoot }),
  });
}
