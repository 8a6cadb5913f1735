// TanStack Query defaults for the app: server state lives here, not in a global store.
import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./client.ts";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change on retry; network errors and 5xx get two more tries.
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
