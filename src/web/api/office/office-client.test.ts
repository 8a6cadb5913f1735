// @vitest-environment jsdom
// The staff client sends the session's anti-forgery token (never the visitor one of the vendor
// state) in the page language, and tells the shell when a signed-in call finds the session gone.
import { afterEach, describe, expect, it, vi } from "vitest";
import { setCsrfToken } from "../client.ts";
import { officeApi, onSessionEnded, preSessionApi, setStaffCsrfToken } from "./office-client.ts";

function stubFetch(status: number) {
  const fetch = vi.fn(async (_input: string, _init: RequestInit) => {
    return new Response(status === 204 ? null : "{}", { status });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const headersOf = (fetch: ReturnType<typeof stubFetch>) =>
  new Headers(fetch.mock.calls[0]![1].headers);

afterEach(() => {
  vi.unstubAllGlobals();
  setStaffCsrfToken(null);
  setCsrfToken(null);
});

describe("the staff client", () => {
  it("sends the staff token, whatever token the visitor side holds", async () => {
    const fetch = stubFetch(204);
    setCsrfToken("visitor-token");
    setStaffCsrfToken("staff-token");
    document.documentElement.lang = "pl";
    await officeApi.patch("/api/internal/v1/queue-appointments/1", {});
    expect(headersOf(fetch).get("x-csrf-token")).toBe("staff-token");
    expect(headersOf(fetch).get("accept-language")).toBe("pl");
  });

  it("reports a 401 on a signed-in call as the end of the session", async () => {
    stubFetch(401);
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    await expect(officeApi.get("/api/internal/v1/dashboard")).rejects.toMatchObject({
      status: 401,
    });
    expect(ended).toHaveBeenCalledTimes(1);
    stop();
  });

  it("does not, for a refused sign-in", async () => {
    stubFetch(401);
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    await expect(preSessionApi.post("/api/internal/v1/session", {})).rejects.toMatchObject({
      status: 401,
    });
    expect(ended).not.toHaveBeenCalled();
    stop();
  });
});
