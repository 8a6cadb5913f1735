// DELETE /api/internal/v1/sessions: ends every session of the account (a lost tablet, a shared
// desk), this one included; the office layout then leads to sign-in.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { paths } from "../../office/office-paths.ts";
import { forgetSession } from "./forget-session.ts";
import { officeApi } from "./office-client.ts";

export async function signOutEverywhere(): Promise<void> {
  await officeApi.delete(paths.api.internal.sessions());
}

export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => forgetSession(queryClient, "signed-out-everywhere"),
  });
}
