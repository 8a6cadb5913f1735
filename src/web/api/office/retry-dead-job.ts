// POST /api/internal/v1/jobs/dead/{id}/retry: puts a dead job back on its handler's queue (204);
// 404 when it is no longer dead (retried from another tab, or purged). Either way the list it was
// shown in is stale afterwards, so it is re-read.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { paths } from "../../office/office-paths.ts";
import { deadJobsKey } from "./dead-jobs.ts";
import { officeApi } from "./office-client.ts";

export async function retryDeadJob(id: string): Promise<void> {
  await officeApi.post<void>(paths.api.internal.retryDeadJob(id), {});
}

export function useRetryDeadJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDeadJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deadJobsKey }),
  });
}
