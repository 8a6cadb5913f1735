// What the office layout tells the sign-in page when it sends the browser there: why the last
// session ended, if it did, so the page can say "you have signed out" or "your session ended".
import type { SessionEnd } from "../../api/office/forget-session.ts";

export type SignInState = { sessionEnd: SessionEnd | null };

export function sessionEndFrom(state: unknown): SessionEnd | null {
  if (typeof state !== "object" || state === null || !("sessionEnd" in state)) return null;
  const end = (state as { sessionEnd: unknown }).sessionEnd;
  return end === "signed-out" || end === "signed-out-everywhere" || end === "expired" ? end : null;
}
