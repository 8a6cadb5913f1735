// @vitest-environment jsdom
// The confirmation page against documents from the server's own presenter: every status and
// meeting method, the live channel, cancel behind its dialog, and the generic card for a mismatch.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { installModalDialog } from "../../../../test/fakes/modal-dialog.ts";
import { recordingClient } from "../../../../test/realtime/recording-realtime-client.tsx";
import en from "../../../shared/i18n/en.json" with { type: "json" };
import type { QueueAppointmentDocument } from "../../api/queue-appointment.ts";
import type { RealtimeClient } from "../../api/realtime/realtime-client.ts";
import { RealtimeContext } from "../../api/realtime/realtime-context.tsx";
import type { VendorInfo } from "../../api/vendor.ts";
import { CurrentVendorContext } from "../../current-vendor.ts";
import { MemoryRouter } from "../../routing/routing.tsx";
import { appointmentDocument, NOT_WAITING, NOW, vendorFixture } from "./confirmation-fixtures.ts";
import { ConfirmationPage } from "./confirmation-page.tsx";

// The page makes its own realtime client; here the recording one stands in for it.
vi.mock("../../api/realtime/realtime-context.tsx", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  RealtimeProvider: ({ children }: { children: ReactNode }) => children,
}));

const messages = en as Record<string, string>;
const t = (id: string) => messages[id]!;

beforeAll(installModalDialog);

type Call = { method: string; url: URL; body: unknown };

function serve(
  document: QueueAppointmentDocument | null | (() => QueueAppointmentDocument),
  answers: Record<string, () => Response> = {},
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, "http://localhost");
      const method = init.method ?? "GET";
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const custom = answers[`${method} ${url.pathname}`];
      if (custom) return custom();
      if (method === "GET" && url.pathname.startsWith("/api/v2/open/queue-appointments/")) {
        const current = typeof document === "function" ? document() : document;
        return current ? json(200, current) : json(404, { errors: [{ status: "404" }] });
      }
      return json(500, {});
    }),
  );
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The recording client that also keeps each subscription's onSubscribed, to confirm them at will. */
function confirmingClient() {
  const recording = recordingClient();
  const onSubscribed = new Set<() => void>();
  const base = recording.client;
  const keep = (callback: (() => void) | undefined, stop: () => void) => {
    if (callback) onSubscribed.add(callback);
    return () => {
      if (callback) onSubscribed.delete(callback);
      stop();
    };
  };
  const client: RealtimeClient = {
    ...base,
    subscribeToQueueAppointment: (id, code, handler, onError, subscribed) =>
      keep(subscribed, base.subscribeToQueueAppointment(id, code, handler, onError)),
    subscribeToLocation: (id, handler, onError, subscribed) =>
      keep(subscribed, base.subscribeToLocation(id, handler, onError)),
  };
  return {
    ...recording,
    client,
    /** the server confirms every subscription made so far */
    confirmSubscriptions: () => {
      for (const callback of onSubscribed) callback();
    },
    subscribedCount: () => onSubscribed.size,
  };
}

function renderPage(query: string, vendor: VendorInfo = vendorFixture()) {
  const realtime = confirmingClient();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[`/callback-service/confirmation?${query}`]}>
      <QueryClientProvider client={queryClient}>
        <RealtimeContext value={realtime.client}>
          <CurrentVendorContext value={vendor}>
            <IntlProvider locale="en" messages={messages}>
              <ConfirmationPage />
            </IntlProvider>
          </CurrentVendorContext>
        </RealtimeContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return realtime;
}

const QUERY = "id=12&code=K7Q2MZ&lang=en&utm_source=mail";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the confirmation page of a waiting visitor", () => {
  it("confirms the place, the wait, the instructions and the visit's details", async () => {
    serve(appointmentDocument());
    renderPage(QUERY);
    expect(
      await screen.findByRole("heading", { level: 1, name: t("Confirmation.added_title") }),
    ).toBeTruthy();
    expect(screen.getByText(t("Confirmation.notify"))).toBeTruthy();
    expect(screen.getByText("Approximately 25 minutes")).toBeTruthy();
    expect(screen.getByText("Enter from the PATH level.")).toBeTruthy();
    const ticket = screen.getByRole("region", { name: t("Confirmation.ticket_heading") });
    expect(within(ticket).getByText("A-042")).toBeTruthy();

    const details = screen.getByRole("region", { name: t("Confirmation.details_title") });
    expect(within(details).getByText("Open an account")).toBeTruthy();
    expect(within(details).getByText("Toronto — First Canadian Place")).toBeTruthy();
    expect(within(details).getByText("March 10, 2025")).toBeTruthy();
    expect(within(details).getByText("K7Q2MZ")).toBeTruthy();
    const directions = within(details).getByRole("link", { name: /Directions/ });
    expect(directions.getAttribute("href")).toContain("https://www.google.com/maps/dir/?api=1");
    expect(directions.getAttribute("target")).toBe("_blank");
    expect(within(details).getByRole("link", { name: "Phone" }).getAttribute("href")).toBe(
      "tel:+14165550142",
    );

    const changes = screen.getByRole("region", { name: t("Confirmation.changes_title") });
    expect(
      within(changes).getByRole("button", { name: t("Confirmation.cancel_button") }),
    ).toBeTruthy();
    expect(
      within(changes).getByRole("button", { name: t("Confirmation.convert_button") }),
    ).toBeTruthy();
    expect(
      screen.getByRole("link", { name: t("Confirmation.book_another") }).getAttribute("href"),
    ).toBe("/callback-service?lang=en&utm_source=mail");
  });

  it("says 'you are next' once the expected start is under a minute away", async () => {
    serve(appointmentDocument({ expected_start: "2025-03-10T15:00:30.000Z", wait_seconds: 30 }));
    renderPage(QUERY);
    expect(await screen.findByText(t("WaitTime.you_are_next"))).toBeTruthy();
  });

  it("lets the vendor's duration text replace the wait heading", async () => {
    serve(appointmentDocument());
    renderPage(QUERY, vendorFixture({ duration_text: "Your estimated turn" }));
    expect(await screen.findByRole("heading", { name: "Your estimated turn" })).toBeTruthy();
    expect(screen.queryByText(t("Confirmation.wait_heading"))).toBeNull();
  });

  it("follows the wait live: the location's list, this appointment's entry", async () => {
    serve(appointmentDocument());
    const realtime = renderPage(QUERY);
    await screen.findByText("Approximately 25 minutes");
    // The live channel is its own chunk, loaded after the booking shows.
    await vi.waitFor(() => expect(realtime.locations.map((l) => l.id)).toEqual(["7"]));
    const later = new Date(NOW.getTime() + 100 * 60_000).toISOString();
    act(() =>
      realtime.locations[0]!.handler([
        { id: "11", attributes: { expected_start: NOW.toISOString(), people_ahead: 0 } },
        { id: "12", attributes: { expected_start: later, people_ahead: 1 } },
      ]),
    );
    expect(screen.getByText("Approximately 1 hour, 40 minutes")).toBeTruthy();
  });

  it("describes curbside pickup and its car", async () => {
    serve(
      appointmentDocument({
        fulfillment_method: 2,
        car_details: { make: "Toyota", model: "Corolla", colour: "Blue", parking_space: "12" },
      }),
    );
    renderPage(QUERY);
    expect(await screen.findByText(t("Confirmation.notify_curbside"))).toBeTruthy();
    const details = screen.getByRole("region", { name: t("Confirmation.details_title_curbside") });
    expect(within(details).getByText("Blue Toyota Corolla")).toBeTruthy();
    expect(within(details).getByText("12")).toBeTruthy();
  });

  it("reads out only the last three digits of the number we will call", async () => {
    serve(appointmentDocument({ meeting_method: 2 }));
    renderPage(QUERY);
    const label = await screen.findByText(t("Confirmation.call_you"));
    const value = label.nextElementSibling as HTMLElement;
    const shown = within(value).getByText("(416) 555-0123");
    expect(shown.getAttribute("aria-hidden")).toBe("true");
    expect(within(value).getByText("your number ending in 1 2 3")).toBeTruthy();
    // A phone visit has no branch address and no directions, and no ticket for a room.
    expect(screen.queryByRole("link", { name: /Directions/ })).toBeNull();
    expect(screen.queryByRole("region", { name: t("Confirmation.ticket_heading") })).toBeNull();
  });

  it("shows no ticket card for a place made before tickets", async () => {
    serve(appointmentDocument({ ticket: null }));
    renderPage(QUERY);
    await screen.findByRole("heading", { level: 1, name: t("Confirmation.added_title") });
    expect(screen.queryByRole("region", { name: t("Confirmation.ticket_heading") })).toBeNull();
  });
});

describe("the people ahead", () => {
  const aheadLine = () => screen.getByText(/ahead of you$|^You are next$/);

  it("says how many people are ahead, under the wait, in a polite live region", async () => {
    serve(appointmentDocument({ people_ahead: 3 }));
    renderPage(QUERY);
    const line = await screen.findByText("3 people ahead of you");
    expect(line.getAttribute("aria-live")).toBe("polite");
    expect(screen.getByText("Approximately 25 minutes")).toBeTruthy();
  });

  it("follows the count live from the location's list, down to 'You are next'", async () => {
    serve(appointmentDocument({ people_ahead: 3 }));
    const realtime = renderPage(QUERY);
    await screen.findByText("3 people ahead of you");
    await vi.waitFor(() => expect(realtime.locations.map((l) => l.id)).toEqual(["7"]));
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
    act(() =>
      realtime.locations[0]!.handler([
        { id: "11", attributes: { expected_start: at(5), people_ahead: 0 } },
        { id: "12", attributes: { expected_start: at(15), people_ahead: 1 } },
      ]),
    );
    expect(aheadLine().textContent).toBe("1 person ahead of you");
    act(() =>
      realtime.locations[0]!.handler([
        { id: "12", attributes: { expected_start: at(10), people_ahead: 0 } },
      ]),
    );
    // Nobody ahead, though the desk needs ten more minutes: the wait stays, and "You are next".
    expect(screen.getByText("Approximately 10 minutes")).toBeTruthy();
    expect(aheadLine().textContent).toBe(t("WaitTime.you_are_next"));
  });

  it("says 'You are next' once when the wait already says it", async () => {
    serve(
      appointmentDocument({
        expected_start: "2025-03-10T15:00:30.000Z",
        wait_seconds: 30,
        people_ahead: 0,
      }),
    );
    renderPage(QUERY);
    await screen.findByText(t("WaitTime.you_are_next"));
    expect(screen.getAllByText(t("WaitTime.you_are_next"))).toHaveLength(1);
  });

  it("gives the count alone where nobody can serve today, and never 'You are next' there", async () => {
    serve(appointmentDocument({ expected_start: null, wait_seconds: null, people_ahead: 4 }));
    renderPage(QUERY);
    await screen.findByText("4 people ahead of you");
    expect(screen.queryByText(/^Approximately/)).toBeNull();
    cleanup();
    serve(appointmentDocument({ expected_start: null, wait_seconds: null, people_ahead: 0 }));
    renderPage(QUERY);
    await screen.findByRole("heading", { level: 1, name: t("Confirmation.added_title") });
    expect(screen.queryByText(t("WaitTime.you_are_next")!)).toBeNull();
  });

  it("says nothing of the people ahead when there is no count", async () => {
    serve(appointmentDocument({ people_ahead: null }));
    renderPage(QUERY);
    await screen.findByText("Approximately 25 minutes");
    expect(screen.queryByText(/ahead of you$|^You are next$/)).toBeNull();
  });
});

describe("joining the live channel", () => {
  it("re-reads the booking once subscribed, so a change made just before still shows", async () => {
    let current = appointmentDocument();
    const calls = serve(() => current);
    const realtime = renderPage(QUERY);
    await screen.findByRole("heading", { level: 1, name: t("Confirmation.added_title") });
    // The booking's channel and its location's channel are both asked for.
    await vi.waitFor(() => expect(realtime.subscribedCount()).toBe(2));
    // Staff start the visit after the page read it, before its channel was joined: no event comes.
    current = appointmentDocument({ status: "in_progress", ...NOT_WAITING });
    const reads = () => calls.filter(({ method }) => method === "GET").length;
    const readsBefore = reads();
    // Nothing is re-read on a timer: the page waits for the server to confirm the subscription.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads()).toBe(readsBefore);
    expect(
      screen.getByRole("heading", { level: 1, name: t("Confirmation.added_title") }),
    ).toBeTruthy();

    act(() => realtime.confirmSubscriptions());
    expect(
      await screen.findByRole("heading", { level: 1, name: t("Confirmation.in_progress_title") }),
    ).toBeTruthy();
    expect(reads()).toBeGreaterThan(readsBefore);
  });
});

describe("a video visit", () => {
  it("promises a link while waiting, then shows Join the call and the dial-in live", async () => {
    serve(appointmentDocument({ meeting_method: 3 }));
    const realtime = renderPage(QUERY);
    expect(await screen.findByText(t("Confirmation.video_link_soon"))).toBeTruthy();
    await vi.waitFor(() =>
      expect(realtime.subscriptions.map((s) => [s.id, s.code])).toEqual([["12", "K7Q2MZ"]]),
    );

    act(() =>
      realtime.subscriptions[0]!.handler({
        attributes: {
          status: "in_progress",
          meeting_link: "https://meet.example.com/room-12",
          dial_in: { e164: "+14165550199", international: "+1 416-555-0199", pin: "4821" },
          user: { full_name: "Sam Taylor" },
          called_at: null,
          call: null,
        },
      }),
    );
    // The query cache tells the page on its next tick.
    expect(
      await screen.findByRole("heading", { level: 1, name: t("Confirmation.in_progress_title") }),
    ).toBeTruthy();
    const join = screen.getByRole("link", { name: /Join the call/ });
    expect(join.getAttribute("href")).toBe("https://meet.example.com/room-12");
    expect(join.getAttribute("target")).toBe("_blank");
    expect(screen.getByRole("link", { name: "+1 416-555-0199" }).getAttribute("href")).toBe(
      "tel:+14165550199",
    );
    expect(screen.getByText("PIN: 4821")).toBeTruthy();
    expect(screen.getByText("Sam Taylor")).toBeTruthy();
    // In progress: nothing left to change.
    expect(screen.queryByRole("region", { name: t("Confirmation.changes_title") })).toBeNull();
  });

  it("never turns a non-web meeting link into a button", async () => {
    serve(
      appointmentDocument({
        meeting_method: 3,
        status: "in_progress",
        ...NOT_WAITING,
        meeting_link: "javascript:alert(1)",
      }),
    );
    renderPage(QUERY);
    expect(await screen.findByText(t("Confirmation.video_link_soon"))).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Join the call/ })).toBeNull();
  });
});

describe("on a kiosk", () => {
  it("hides the changes, video and directions, and starts over at the kiosk's reset", async () => {
    serve(appointmentDocument());
    renderPage(`${QUERY}&mode=kiosk`);
    await screen.findByRole("heading", { level: 1, name: t("Confirmation.added_title") });
    expect(screen.queryByRole("region", { name: t("Confirmation.changes_title") })).toBeNull();
    expect(screen.queryByRole("link", { name: /Directions/ })).toBeNull();
    expect(screen.getByRole("link", { name: t("Confirmation.restart") }).getAttribute("href")).toBe(
      "/how?location=7&mode=kiosk&lang=en",
    );
  });
});

describe("the generic card", () => {
  it("shows for a code that matches no booking, without any detail", async () => {
    serve(null);
    renderPage("id=12&code=WRONG");
    expect(
      await screen.findByRole("heading", { level: 1, name: t("Confirmation.generic_title") }),
    ).toBeTruthy();
    expect(screen.queryByText("K7Q2MZ")).toBeNull();
  });

  it("shows when the page has no id or code, and asks the server nothing", () => {
    const calls = serve(appointmentDocument());
    renderPage("id=12");
    expect(
      screen.getByRole("heading", { level: 1, name: t("Confirmation.generic_title") }),
    ).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe("cancelling", () => {
  it("asks first, then cancels with the confirm code and shows the cancelled state", async () => {
    const cancelled = appointmentDocument({ status: "cancelled", ...NOT_WAITING });
    const calls = serve(appointmentDocument(), {
      "PATCH /api/v2/open/queue-appointments/12": () => json(200, cancelled),
    });
    renderPage(QUERY);
    fireEvent.click(await screen.findByRole("button", { name: t("Confirmation.cancel_button") }));
    const dialog = screen.getByRole("dialog", { name: t("Confirmation.cancel_dialog_title") });
    expect(document.activeElement).toBe(
      within(dialog).getByRole("button", { name: t("Confirmation.keep_place") }),
    );

    const confirm = within(dialog).getByRole("button", { name: t("Confirmation.cancel_confirm") });
    fireEvent.click(confirm);
    fireEvent.click(confirm); // a double click cancels once
    const title = await screen.findByRole("heading", {
      level: 1,
      name: t("Confirmation.cancelled_title"),
    });
    expect(document.activeElement).toBe(title);
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      {
        data: {
          id: "12",
          type: "queue-appointments",
          attributes: { status: "cancelled", confirm_code: "K7Q2MZ" },
        },
      },
    ]);
    expect(
      screen.getByRole("link", { name: t("Confirmation.book_another") }).getAttribute("href"),
    ).toBe("/callback-service/7?meeting_method=1&lang=en");
    expect(screen.queryByText("Enter from the PATH level.")).toBeNull();
  });

  it("keeps the place and says why when the server refuses", async () => {
    const calls = serve(appointmentDocument(), {
      "PATCH /api/v2/open/queue-appointments/12": () =>
        json(409, { errors: [{ status: "409", detail: "This visit can no longer be changed" }] }),
    });
    renderPage(QUERY);
    fireEvent.click(await screen.findByRole("button", { name: t("Confirmation.cancel_button") }));
    fireEvent.click(screen.getByRole("button", { name: t("Confirmation.cancel_confirm") }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This visit can no longer be changed",
    );
    // After a refusal the visitor may try again.
    fireEvent.click(screen.getByRole("button", { name: t("Confirmation.cancel_confirm") }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: t("Confirmation.keep_place") }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(
      screen.getByRole("heading", { level: 1, name: t("Confirmation.added_title") }),
    ).toBeTruthy();
  });

  it("offers no conversion when the vendor's appointment channel is off", async () => {
    serve(appointmentDocument());
    renderPage(QUERY, vendorFixture({ features: { appointment_booking_channel: false } } as never));
    await screen.findByRole("button", { name: t("Confirmation.cancel_button") });
    expect(screen.queryByRole("button", { name: t("Confirmation.convert_button") })).toBeNull();
  });
});

describe("after the visit", () => {
  it("asks for feedback once completed, live, unless given or not collected", async () => {
    serve(appointmentDocument({ user: { full_name: "Sam Taylor" } }));
    const realtime = renderPage(QUERY);
    await screen.findByRole("heading", { level: 1, name: t("Confirmation.added_title") });
    expect(screen.queryByRole("region", { name: t("Feedback.title") })).toBeNull();
    await vi.waitFor(() => expect(realtime.subscriptions).toHaveLength(1));
    act(() =>
      realtime.subscriptions[0]!.handler({
        attributes: {
          status: "completed",
          meeting_link: null,
          dial_in: null,
          user: { full_name: "Sam Taylor" },
          called_at: null,
          call: null,
        },
      }),
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: t("Confirmation.completed_title") }),
    ).toBeTruthy();
    expect(screen.getByRole("region", { name: t("Feedback.title") })).toBeTruthy();
    expect(screen.getAllByRole("radio")).toHaveLength(11);
  });

  it("shows no feedback card when feedback was given or the vendor does not collect it", async () => {
    serve(appointmentDocument({ status: "completed", ...NOT_WAITING, feedback_given: true }));
    renderPage(QUERY);
    await screen.findByRole("heading", { level: 1, name: t("Confirmation.completed_title") });
    expect(screen.queryByRole("region", { name: t("Feedback.title") })).toBeNull();
    cleanup();

    serve(appointmentDocument({ status: "completed", ...NOT_WAITING }));
    renderPage(QUERY, vendorFixture({ show_queue_appointment_feedback: false }));
    await screen.findByRole("heading", { level: 1, name: t("Confirmation.completed_title") });
    expect(screen.queryByRole("region", { name: t("Feedback.title") })).toBeNull();
  });

  it("says a no-show's visit has ended", async () => {
    serve(appointmentDocument({ status: "no_show", ...NOT_WAITING }));
    renderPage(QUERY);
    expect(
      await screen.findByRole("heading", { level: 1, name: t("Confirmation.no_show_title") }),
    ).toBeTruthy();
  });
});
