// @vitest-environment jsdom
// A visitor's messages in the lobby: read when their details open, oldest first with channel,
// status and time, replies set apart; re-read (alone, not the whole line) when realtime says that
// visit's messages changed. A curbside visitor who replied HERE shows as arrived like any other.
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MessageResource } from "../../api/office/visit-messages.ts";
import {
  json,
  recordingStaffRealtime,
  renderOffice,
  type StubCall,
  staffMe,
  stubServer,
  t,
} from "../office-test-harness.tsx";
import { LobbyPage } from "./lobby-page.tsx";
import { lobbyEntry, queueDocument } from "./lobby-test-entries.ts";

vi.mock("./arrival-chime.ts", () => ({ playArrivalChime: vi.fn(), unlockArrivalChime: vi.fn() }));

const QUEUE = "GET /api/internal/v1/locations/5/queue";
const MESSAGES = "GET /api/internal/v1/queue-appointments/1/messages";

function message(
  id: string,
  attributes: Partial<MessageResource["attributes"]> = {},
): MessageResource {
  return {
    type: "messages",
    id,
    attributes: {
      direction: "outbound",
      channel: "sms",
      kind: "joined",
      recipient: "+48601234567",
      lang: "en",
      subject: null,
      body: "You are number 1 in line at Złota.",
      status: "delivered",
      status_reason: null,
      provider: "log",
      attempts: 1,
      created_at: "2026-03-02T09:58:00.000Z",
      sent_at: "2026-03-02T09:58:01.000Z",
      delivered_at: "2026-03-02T09:58:03.000Z",
      location_id: "5",
      queue_appointment_id: "1",
      ...attributes,
    },
  };
}

const ada = lobbyEntry({
  id: "1",
  firstName: "Ada",
  lastName: "Lovelace",
  carDetails: { make: "Fiat", model: "500", colour: "Red", parking_space: "4" },
});

let calls: StubCall[];
const count = (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key).length;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openDetails(entries = [ada], messages: () => MessageResource[]) {
  calls = stubServer({
    [QUEUE]: () => json(200, queueDocument(entries)),
    [MESSAGES]: () => json(200, { data: messages() }),
  });
  const realtime = recordingStaffRealtime();
  renderOffice(<LobbyPage />, { at: "/lobby", me: staffMe(), realtime: realtime.client });
  const row = await screen.findByRole("listitem", { name: /Ada Lovelace/ });
  return { row, realtime };
}

describe("a visitor's messages in the lobby", () => {
  it("are read only when the details open, oldest first, with replies set apart", async () => {
    const { row } = await openDetails([ada], () => [
      message("10"),
      message("11", {
        channel: "email",
        kind: "almost_turn",
        status: "failed",
        status_reason: "Mailbox full",
        body: "Two people are ahead of you.",
      }),
      message("12", { direction: "inbound", kind: "reply", status: "received", body: "HERE" }),
    ]);
    expect(count(MESSAGES)).toBe(0);
    await userEvent.click(within(row).getByRole("button", { name: t("Office.details") }));

    const section = await within(row).findByRole("region", { name: t("Office.visitor_messages") });
    const items = await within(section).findAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("You are number 1 in line"),
      expect.stringContaining("Two people are ahead of you."),
      expect.stringContaining("Reply: HERE"),
    ]);
    expect(within(items[0]!).getByText(t("MessageLog.status_delivered"))).toBeTruthy();
    expect(within(items[0]!).getByText(t("MessageLog.channel_sms"))).toBeTruthy();
    // Warsaw: 09:58 UTC is 10:58 there.
    expect(within(items[0]!).getByText("10:58 AM")).toBeTruthy();
    expect(within(items[1]!).getByText(t("MessageLog.status_failed"))).toBeTruthy();
    expect(within(items[1]!).getByText("Mailbox full")).toBeTruthy();
    expect(within(items[1]!).getByText(t("MessageLog.kind_almost_turn"))).toBeTruthy();
    expect(within(items[2]!).getByText(t("MessageLog.status_received"))).toBeTruthy();
  });

  it("say so when there are none", async () => {
    const { row } = await openDetails([ada], () => []);
    await userEvent.click(within(row).getByRole("button", { name: t("Office.details") }));
    expect(await within(row).findByText(t("Office.visitor_messages_none"))).toBeTruthy();
  });

  it("are read again when realtime says this visit's messages changed, without re-reading the line", async () => {
    let list = [message("10")];
    const { row, realtime } = await openDetails([ada], () => list);
    await userEvent.click(within(row).getByRole("button", { name: t("Office.details") }));
    await within(row).findByText(/You are number 1 in line/);
    const queueReads = count(QUEUE);

    list = [
      ...list,
      message("12", { direction: "inbound", kind: "reply", status: "received", body: "HERE" }),
    ];
    act(() => realtime.channels.get("5")!.queueAppointmentMessagesChanged!({ id: "1" }));
    expect(await within(row).findByText("Reply: HERE")).toBeTruthy();
    expect(count(MESSAGES)).toBe(2);

    // Another visit's messages: nothing of this one's is read.
    act(() => realtime.channels.get("5")!.queueAppointmentMessagesChanged!({ id: "99" }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(count(MESSAGES)).toBe(2);
    expect(count(QUEUE)).toBe(queueReads);
  });

  it("show a curbside visitor who replied HERE as arrived, as the lobby shows any arrival", async () => {
    const here = {
      ...ada,
      attributes: { ...ada.attributes, arrived_at: "2026-03-02T09:59:00.000Z" },
    };
    await openDetails([here], () => []);
    const row = screen.getByRole("listitem", { name: /Ada Lovelace/ });
    await waitFor(() =>
      expect(
        within(row).getByText(t("Office.arrived_at").replace("{time}", "10:59 AM")),
      ).toBeTruthy(),
    );
    expect(within(row).queryByText(t("Office.not_arrived"))).toBeNull();
  });
});
