// GET /api/v3/open/walkin-conversion?id=&confirm_code= (spec §4 Convert, §7): the booking-flow URL
// that turns a waiting queue place into an appointment. Asked for only when the visitor confirms,
// so it is a mutation, not a query that would run on page load.
import { mutationOptions, useMutation } from "@tanstack/react-query";
import type { WalkinConversionAnswer } from "../../shared/contracts/walkin-conversion.ts";
import { paths } from "../paths.ts";
import { api } from "./client.ts";

export type ConversionRequest = { id: string; code: string };

export async function getWalkinConversionUrl({ id, code }: ConversionRequest): Promise<string> {
  const answer = await api.get<WalkinConversionAnswer>(paths.api.walkinConversion(), {
    query: { id, confirm_code: code },
  });
  return usableRedirect(answer.url);
}

/** The URL to leave for: a path of this site or an http(s) address; anything else is refused. */
export function usableRedirect(
  url: string,
  base = globalThis.location?.href ?? "http://localhost/",
) {
  const target = URL.canParse(url, base) ? new URL(url, base) : null;
  if (target && (target.protocol === "https:" || target.protocol === "http:")) return target.href;
  throw new Error(`walk-in conversion returned an unusable URL: ${url}`);
}

export const walkinConversionMutationOptions = () =>
  mutationOptions({ mutationKey: ["walkin-conversion"], mutationFn: getWalkinConversionUrl });

export function useWalkinConversion() {
  return useMutation(walkinConversionMutationOptions());
}
