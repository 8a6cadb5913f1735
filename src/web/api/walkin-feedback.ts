// POST /api/v3/open/walkin-feedback (spec §7): a rating (0–5 in half steps) and an optional text for
// a completed visit. The answer is not read: success shows the thank-you (spec §4 Feedback).
import { mutationOptions, useMutation } from "@tanstack/react-query";
import type { FeedbackBody } from "../../shared/contracts/walkin-feedback.ts";
import { paths } from "../paths.ts";
import { api } from "./client.ts";

export type FeedbackRequest = {
  id: string;
  code: string;
  rating: number;
  experience: string;
};

export async function sendWalkinFeedback({ id, code, rating, experience }: FeedbackRequest) {
  const body: FeedbackBody = {
    queue_appointment: id,
    code,
    rating,
    experience: experience.trim() === "" ? null : experience,
  };
  await api.post(paths.api.walkinFeedback(), body);
}

export const walkinFeedbackMutationOptions = () =>
  mutationOptions({ mutationKey: ["walkin-feedback"], mutationFn: sendWalkinFeedback });

export function useWalkinFeedback() {
  return useMutation(walkinFeedbackMutationOptions());
}
