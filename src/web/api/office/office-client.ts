// The staff side's fetch client: the app's one client (api/client.ts) with its own anti-forgery slot
// for the session-bound token of GET /me (ADR 0006), so the visitor token that the vendor state
// hands out (and re-sets on every language change) can never replace it. A 401 on a signed-in call
// tells the shell that the session has ended, so it can send the staff member back to sign-in.
import { DEFAULT_LOCALE } from "../../../shared/domain.ts";
import { matchLocale } from "../../../shared/locale.ts";
import { ApiError, createApiClient, type RequestOptions } from "../client.ts";

let staffCsrfToken: string | null = null;
const sessionEndedListeners = new Set<() => void>();

export function setStaffCsrfToken(token: string | null) {
  staffCsrfToken = token;
}

/** Called when a signed-in call answers 401; returns the removal. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => void sessionEndedListeners.delete(listener);
}

/**
 * For calls made before a session exists or that read it (sign-in, password reset, /me): their
 * 401 is an answer, not the end of a session.
 */
export const preSessionApi = createApiClient({
  // The locale provider writes the page language on <html lang>: one source for both clients.
  getLocale: () =>
    (typeof document === "undefined" ? undefined : matchLocale(document.documentElement.lang)) ??
    DEFAULT_LOCALE,
  getCsrfToken: () => staffCsrfToken,
});

async function signedIn<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401)
      for (const listener of sessionEndedListeners) listener();
    throw error;
  }
}

/** Calls of a signed-in staff member. */
export const officeApi = {
  get: <T>(path: string, init?: RequestOptions) => signedIn(() => preSessionApi.get<T>(path, init)),
  post: <T>(path: string, body: unknown, init?: RequestOptions) =>
    signedIn(() => preSessionApi.post<T>(path, body, init)),
  put: <T>(path: string, body: unknown, init?: RequestOptions) =>
    signedIn(() => preSessionApi.put<T>(path, body, init)),
  patch: <T>(path: string, body: unknown, init?: RequestOptions) =>
    signedIn(() => preSessionApi.patch<T>(path, body, init)),
  delete: <T>(path: string, init?: RequestOptions) =>
    signedIn(() => preSessionApi.delete<T>(path, init)),
  postFile: <T>(path: string, file: Blob, init?: RequestOptions) =>
    signedIn(() => preSessionApi.postFile<T>(path, file, init)),
};
