// POST /api/internal/v1/password-resets/{token} {password}: 204 when the password is set; 400
// reset_token_invalid for an unknown, used or expired link; 422 for a password the rules refuse.
import { useMutation } from "@tanstack/react-query";
import { paths } from "../../office/office-paths.ts";
import { preSessionApi } from "./office-client.ts";

/** The server's MIN_PASSWORD_LENGTH (src/shared/contracts/password-reset.ts), shown before submitting. */
export const MIN_PASSWORD_LENGTH = 10;

export async function completePasswordReset(input: {
  token: string;
  password: string;
}): Promise<void> {
  await preSessionApi.post(paths.api.internal.passwordReset(input.token), {
    password: input.password,
  });
}

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: completePasswordReset });
}
