// POST /api/internal/v1/password-resets {email}: always 202, so nobody learns which emails have an
// account; the link reaches the account's owner (the log, until notifications exist).
import { useMutation } from "@tanstack/react-query";
import { paths } from "../../office/office-paths.ts";
import { preSessionApi } from "./office-client.ts";

export async function requestPasswordReset(email: string): Promise<void> {
  await preSessionApi.post(paths.api.internal.passwordResets(), { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
