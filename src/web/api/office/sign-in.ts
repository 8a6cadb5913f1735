// POST /api/internal/v1/session: signs in with email and password. The answer is /me's, so the
// shell can open at once without reading /me again. Errors (401 invalid, 429 locked or too many
// tries, 403 inactive) come back as an ApiError with a localised detail.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { paths } from "../../office/office-paths.ts";
import { clearSessionEnd } from "./forget-session.ts";
import { type Me, type MeAnswer, meQueryKey } from "./me.ts";
import { preSessionApi, setStaffCsrfToken } from "./office-client.ts";

export type Credentials = { email: string; password: string };

export async function signIn(credentials: Credentials): Promise<Me> {
  const answer = await preSessionApi.post<MeAnswer>(paths.api.internal.session(), credentials);
  setStaffCsrfToken(answer.csrf_token);
  return answer.data;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (me) => {
      clearSessionEnd(queryClient);
      queryClient.setQueryData(meQueryKey, me);
    },
  });
}
