// @vitest-environment jsdom
// The message log: each message with when (relative, exact on hover), direction, channel, kind,
// recipient, a worded status badge and its text; filters and a paused search kept in the address
// and sent to the API; "Load more" with the cursor, focus on the first message it adds; empty states.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MessageLogDocument, MessageResource } from "../../api/office/message-log.ts";
import {
  json,
  renderOffice,
  staffMe,
  stubServer,
  TORONTO,
  t,
  WARSAW,
} from "../office-test-harness.tsx";
import { MessageLogPage } from "./message-log-page.tsx";

const LOG = "GET /api/internal/v1/messages";

function message(
  id: string,
  attributes: Partial<MessageResource["attributes"]> = {},
): MessageResource {
  return {
    type: "messages",
    id,
    attributes: {
      direction: "outbound",
      channel: "email",
      kind: "joined",
      recipient: "ada@example.com",
      lang: "en",
      subject: "You are in line",
      body: "You are number 3 in line.",
      status: "sent",
      status_reason: null,
      provider: "smtp",
      attempts: 1,
      created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      sent_at: null,
      delivered_at: null,
      location_id: String(WARSAW.id),
      queue_appointment_id: "41",
      ...attributes,
    },
  };
}

const page = (data: MessageResource[], next: string | null = null): MessageLogDocument => ({
  data,
  meta: { next_cursor: next },
});

/** The query strings the page asked the log with, in order. */
function logQueries(): URLSearchParams[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === "/api/internal/v1/messages")
    .map((url) => url.searchParams);
}

const manager = () => staffMe("manager", { locations: [WARSAW, TORONTO], all_locations: true });

function open(answer: (query: URLSearchParams) => MessageLogDocument, at = "/messages") {
  stubServer({
    [LOG]: () => json(200, answer(logQueries().at(-1) ?? new URLSearchParams())),
  });
  return renderOffice(<MessageLogPage />, { at, path: "/messages", me: manager() });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the message log", () => {
  it("shows each message with when, which way, channel, kind, recipient, status and text", async () => {
    open(() =>
      page([
        message("3", {
          direction: "inbound",
          channel: "sms",
          kind: "reply",
          recipient: "+48601234567",
          subject: null,
          body: "HERE",
          status: "received",
        }),
        message("2", {
          channel: "sms",
          kind: "called_in_person",
          recipient: "+48601234567",
          subject: null,
          body: "Please come to Desk 3.",
          status: "failed",
          status_reason: "30003 Unreachable handset",
        }),
        message("1", {
          kind: "password_reset",
          location_id: null,
          status: "suppressed",
          status_reason: "test address",
        }),
      ]),
    );
    const table = await screen.findByRole("table", { name: "3 messages shown" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual([
      t("MessageLog.col_when"),
      t("MessageLog.col_direction"),
      t("MessageLog.col_channel"),
      t("MessageLog.col_kind"),
      t("MessageLog.col_recipient"),
      t("MessageLog.col_status"),
      t("MessageLog.col_text"),
    ]);
    const [, reply, failed, suppressed] = within(table).getAllByRole("row");
    expect(within(reply!).getByText(t("MessageLog.direction_inbound"))).toBeTruthy();
    expect(within(reply!).getByText(t("MessageLog.kind_reply"))).toBeTruthy();
    expect(within(reply!).getByText(t("MessageLog.status_received"))).toBeTruthy();
    expect(within(failed!).getByText(t("MessageLog.direction_outbound"))).toBeTruthy();
    expect(within(failed!).getByText(t("MessageLog.kind_called_in_person"))).toBeTruthy();
    expect(within(failed!).getByText(t("MessageLog.status_failed"))).toBeTruthy();
    expect(within(failed!).getByText("30003 Unreachable handset")).toBeTruthy();
    expect(within(failed!).getByText("Please come to Desk 3.")).toBeTruthy();
    expect(within(suppressed!).getByText(t("MessageLog.status_suppressed"))).toBeTruthy();
    expect(within(suppressed!).getByText("test address")).toBeTruthy();
    expect(within(suppressed!).getByText("You are in line")).toBeTruthy();

    const when = within(failed!).getByRole("rowheader").querySelector("time")!;
    expect(when.textContent).toMatch(/^5 minutes ago/);
    expect(when.getAttribute("title")).toMatch(/\d{4}/);
  });

  it("folds a long text to two lines with a button that says whether it is open", async () => {
    open(() => page([message("1", { body: "Long ".repeat(60) })]));
    const button = await screen.findByRole("button", { name: t("MessageLog.show_text") });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(button);
    expect(
      screen.getByRole("button", { name: t("MessageLog.hide_text") }).getAttribute("aria-expanded"),
    ).toBe("true");
  });

  it("sends the filters of the address, and keeps a new choice and a paused search in it", async () => {
    const view = open(() => page([message("1")]), "/messages?channel=sms&status=nonsense");
    await screen.findByRole("table");
    expect(logQueries()[0]!.get("channel")).toBe("sms");
    // A value the page does not offer is left out rather than refused.
    expect(logQueries()[0]!.has("status")).toBe(false);

    await userEvent.selectOptions(
      screen.getByLabelText(t("MessageLog.filter_status")),
      t("MessageLog.status_failed"),
    );
    await waitFor(() => expect(logQueries().at(-1)!.get("status")).toBe("failed"));
    expect(screen.getByTestId("where").textContent).toBe("/messages?channel=sms&status=failed");

    await userEvent.selectOptions(
      screen.getByLabelText(t("MessageLog.filter_location")),
      TORONTO.name,
    );
    await waitFor(() => expect(logQueries().at(-1)!.get("location_id")).toBe(String(TORONTO.id)));

    const reads = logQueries().length;
    await userEvent.type(screen.getByLabelText(t("MessageLog.search")), "ada@");
    // One read for the whole word, after the pause.
    await waitFor(() => expect(logQueries().at(-1)!.get("q")).toBe("ada@"));
    expect(logQueries().length).toBe(reads + 1);
    expect(view.getByTestId("where").textContent).toContain("q=ada%40");

    await userEvent.click(screen.getByRole("button", { name: t("MessageLog.clear_filters") }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/messages"));
    expect((screen.getByLabelText(t("MessageLog.search")) as HTMLInputElement).value).toBe("");
  });

  it("loads older messages with the cursor and moves focus to the first one it adds", async () => {
    open((query) =>
      query.get("before") === "c1"
        ? page([message("2", { body: "older one" })])
        : page([message("3", { body: "newest one" })], "c1"),
    );
    await screen.findByText("newest one");
    await userEvent.click(screen.getByRole("button", { name: t("MessageLog.load_more") }));
    await screen.findByText("older one");
    expect(logQueries().at(-1)!.get("before")).toBe("c1");
    expect(logQueries().at(-1)!.get("limit")).toBe("50");
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    await waitFor(() =>
      expect(document.activeElement).toBe(within(rows[2]!).getByRole("rowheader")),
    );
    // That was the last page: no button left.
    expect(screen.queryByRole("button", { name: t("MessageLog.load_more") })).toBeNull();
  });

  it("says there are no messages yet, or that none match the filters, with a way back", async () => {
    open(() => page([]));
    expect(await screen.findByRole("heading", { name: t("MessageLog.empty_title") })).toBeTruthy();
    cleanup();
    open(() => page([]), "/messages?direction=inbound");
    expect(
      await screen.findByRole("heading", { name: t("MessageLog.empty_filtered_title") }),
    ).toBeTruthy();
    const clear = screen.getAllByRole("button", { name: t("MessageLog.clear_filters") });
    await userEvent.click(clear.at(-1)!);
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/messages"));
  });
});
