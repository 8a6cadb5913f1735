// Test fixture: a staff member at the demo branch's desk, acting through the lobby API (sign-in,
// session cookie and its anti-forgery token), to move a visitor along while their page is open.
import { type APIRequestContext, expect, type PlaywrightWorkerArgs } from "@playwright/test";

type Playwright = PlaywrightWorkerArgs["playwright"];

export type StaffAccount = { email: string; password: string };

/** Different desks per browser project, so two projects running at once never serve as one person. */
export const TORONTO_DESKS: Record<string, StaffAccount> = {
  mobile: { email: "staff@northwind.example", password: "counter-willow-23" },
  desktop: { email: "manager@northwind.example", password: "roster-pebble-72" },
};

type LobbyEntry = {
  id: string;
  attributes: { status: string; user: { id: string } | null; call: object | null };
};

export async function staffDesk(playwright: Playwright, baseURL: string, account: StaffAccount) {
  const request: APIRequestContext = await playwright.request.newContext({ baseURL });
  const signIn = await request.post("/api/internal/v1/session", { data: account });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { data, csrf_token: csrf } = (await signIn.json()) as {
    data: { user: { id: number } };
    csrf_token: string;
  };
  const headers = { "content-type": "application/vnd.api+json", "x-csrf-token": csrf };

  const patch = async (id: string, attributes: Record<string, unknown>) => {
    const response = await request.patch(`/api/internal/v1/queue-appointments/${id}`, {
      headers,
      data: { data: { id, type: "queue-appointments", attributes } },
    });
    expect(response.status(), await response.text()).toBe(200);
  };

  return {
    /**
     * Ends whatever this staff member is serving at the location and puts back whoever they called,
     * so they can call or start someone new.
     */
    async finishServing(locationId: string) {
      const response = await request.get(`/api/internal/v1/locations/${locationId}/queue`);
      expect(response.ok()).toBe(true);
      const { data: entries } = (await response.json()) as { data: LobbyEntry[] };
      for (const entry of entries) {
        if (entry.attributes.user?.id !== String(data.user.id)) continue;
        if (entry.attributes.status === "in_progress")
          await patch(entry.id, { status: "completed" });
        else if (entry.attributes.status === "waiting" && entry.attributes.call !== null)
          await patch(entry.id, { call: "uncall" });
      }
    },
    call: (id: string, desk: string) => patch(id, { call: "call", desk }),
    recall: (id: string) => patch(id, { call: "recall" }),
    start: (id: string) => patch(id, { status: "in_progress" }),
    setMeetingLink: (id: string, link: string, dialIn: { e164: string; pin: string }) =>
      patch(id, { meeting_link: link, dial_in: dialIn }),
    complete: (id: string) => patch(id, { status: "completed" }),
    dispose: () => request.dispose(),
  };
}
