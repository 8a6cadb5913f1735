// The setup link of an empty install: GET /api/internal/v1/setup?token= (ready, invalid or done)
// and POST /api/internal/v1/setup, which creates the first vendor and its admin and signs them in
// (src/shared/contracts/setup.ts). Called before any session, like sign-in.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { SetupBody, SetupStateDocument } from "../../../shared/contracts/setup.ts";
import type { VendorDocument } from "../../../shared/contracts/vendor-admin.ts";
import { paths } from "../../office/office-paths.ts";
import { preSessionApi } from "./office-client.ts";

export type SetupAttributes = SetupBody["data"]["attributes"];

export function useSetupState(token: string | null) {
  return useQuery({
    queryKey: ["setup", token],
    queryFn: ({ signal }) =>
      preSessionApi.get<SetupStateDocument>(paths.api.internal.setup(token ?? ""), { signal }),
    enabled: Boolean(token),
    retry: false,
  });
}

export function completeSetup(attributes: SetupAttributes): Promise<VendorDocument> {
  return preSessionApi.post<VendorDocument>(paths.api.internal.setup(), {
    data: { type: "setup", attributes },
  });
}

export function useCompleteSetup() {
  return useMutation({ mutationFn: completeSetup });
}

/** "bank.example, www.bank.example" or one per line → the list the server takes. */
export function parseHosts(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
}

/** A slug suggested from a name: "Lakeside Crédit Union" → "lakeside-credit-union". */
export function suggestSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63)
    .replace(/-+$/g, "");
}
