// GET /api/internal/v1/jobs/dead: the durable jobs that failed every retry, newest first, with
// their last error (platform admins). Fetcher, query options and hook of the failed-jobs page.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DeadJob, DeadJobList } from "../../../shared/contracts/dead-job.ts";
import { paths } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { DeadJob, DeadJobList };

export const deadJobsKey = [OFFICE_QUERY_ROOT, "dead-jobs"] as const;

export function getDeadJobs(signal?: AbortSignal) {
  return officeApi.get<DeadJobList>(paths.api.internal.deadJobs(), { signal });
}

export const deadJobsQueryOptions = () =>
  queryOptions({
    queryKey: deadJobsKey,
    queryFn: ({ signal }) => getDeadJobs(signal),
    // An operator comes back to this tab after fixing a cause: show the list as it is then.
    refetchOnWindowFocus: true,
    placeholderData: (previous) => previous,
  });

export function useDeadJobs() {
  return useQuery(deadJobsQueryOptions());
}
