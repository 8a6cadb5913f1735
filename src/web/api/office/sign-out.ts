// DELETE /api/internal/v1/session: signs this browser out; the office layout then leads to sign-in.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { paths } from "../../office/office-paths.ts";
import { forgetSession } from "./forget-session.ts";
import { officeApi } from "./office-client.ts";

export async function signOut(): Promise<void> {
  await officeApi.delete(paths.api.internal.session());
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => forgetSession(queryClient, "signed-out"),
  });
}
