// @vitest-environment jsdom
// The failed-jobs page lists the dead-letter queue, says so calmly when it is empty, and retries a
// job: the POST carries the session's anti-forgery token, the outcome is announced politely and
// the list is read again.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DeadJob } from "../../api/office/dead-jobs.ts";
import { setStaffCsrfToken } from "../../api/office/office-client.ts";
import { json, renderOffice, staffMe, stubServer, t } from "../office-test-harness.tsx";
import { DeadJobsPage } from "./dead-jobs-page.tsx";

const LIST = "GET /api/internal/v1/jobs/dead";
const NOTIFY_ID = "6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b";
const RETRY = `POST /api/internal/v1/jobs/dead/${NOTIFY_ID}/retry`;

beforeEach(() => setStaffCsrfToken("staff-csrf"));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setStaffCsrfToken(null);
});

function deadJob(id: string, overrides: Partial<DeadJob["attributes"]> = {}): DeadJob {
  return {
    type: "dead_jobs",
    id,
    attributes: {
      queue: "notify-visitor",
      event_id: 4812,
      event_type: "queue_appointment.called",
      failed_at: "2026-03-02T10:15:30.000Z",
      attempts: 6,
      error: "SMTP 451: mailbox temporarily unavailable",
      ...overrides,
    },
  };
}

const NOTIFY = deadJob(NOTIFY_ID);
const WEBHOOK = deadJob("0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d", {
  queue: "deliver-webhook",
  event_id: null,
  event_type: null,
  attempts: 3,
  error: null,
});

const openPage = () =>
  renderOffice(<DeadJobsPage />, { at: "/jobs", me: staffMe("platform_admin") });

describe("the failed-jobs page", () => {
  it("lists each failed job with what, where, when, how often and why", async () => {
    stubServer({ [LIST]: () => json(200, { data: [NOTIFY, WEBHOOK] }) });
    openPage();
    const table = await screen.findByRole("table", { name: "2 jobs failed every attempt" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((header) => header.textContent);
    expect(headers).toEqual([
      t("Office.jobs_col_event_type"),
      t("Office.jobs_col_event_id"),
      t("Office.jobs_col_queue"),
      t("Office.jobs_col_failed_at"),
      t("Office.jobs_col_attempts"),
      t("Office.jobs_col_error"),
      t("Office.jobs_col_action"),
    ]);
    const [, first, second] = within(table).getAllByRole("row");
    const cells = (row: HTMLElement) =>
      [within(row).getByRole("rowheader"), ...within(row).getAllByRole("cell")]
        // the value, without the column name the stacked layout shows beside it
        .map((cell) => cell.querySelector(":scope > span:last-child")?.textContent ?? "");
    const failed = new Date("2026-03-02T10:15:30.000Z");
    const failedAt = [
      new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(failed),
      new Intl.DateTimeFormat("en", { timeStyle: "medium" }).format(failed),
    ].join(" ");
    expect(cells(first!).slice(0, 6)).toEqual([
      "queue_appointment.called",
      "4812",
      "notify-visitor",
      failedAt,
      "6",
      "SMTP 451: mailbox temporarily unavailable",
    ]);
    expect(within(first!).getByRole("button").textContent).toBe(
      "Retry queue_appointment.called, event 4812",
    );
    // What the job does not know is said, not left blank.
    expect(within(second!).getAllByText(t("Office.jobs_not_recorded"))).toHaveLength(3);
    expect(within(second!).getByRole("button").textContent).toBe("Retry deliver-webhook");
  });

  it("says there is nothing to do when no job has failed", async () => {
    stubServer({ [LIST]: () => json(200, { data: [] }) });
    openPage();
    expect(
      await screen.findByRole("heading", { level: 2, name: t("Office.jobs_empty_title") }),
    ).toBeTruthy();
    expect(screen.getByText(t("Office.jobs_empty_text"))).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("offers to try again when the list cannot be loaded", async () => {
    let fail = true;
    stubServer({
      [LIST]: () =>
        fail ? json(500, { errors: [{ status: "500" }] }) : json(200, { data: [NOTIFY] }),
    });
    const user = userEvent.setup();
    openPage();
    const alert = (await screen.findByText(t("Office.jobs_load_failed"))).closest("[role=alert]");
    if (!(alert instanceof HTMLElement)) throw new Error("the failure is not an alert");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: t("Common.try_again") }));
    expect(await screen.findByRole("table")).toBeTruthy();
  });

  it("puts a job back on its queue with the anti-forgery token, says so, and reads the list again", async () => {
    let dead = [NOTIFY, WEBHOOK];
    const calls = stubServer({
      [LIST]: () => json(200, { data: dead }),
      [RETRY]: () => {
        dead = [WEBHOOK];
        return json(204, null);
      },
    });
    const user = userEvent.setup();
    openPage();
    const table = await screen.findByRole("table");
    await user.click(
      within(table).getByRole("button", { name: "Retry queue_appointment.called, event 4812" }),
    );

    const message = await screen.findByText(t("Office.jobs_retried"));
    expect(message.closest("[role=status]")).toBeTruthy();
    const retry = calls.find((call) => call.method === "POST")!;
    expect(retry.path).toBe(`/api/internal/v1/jobs/dead/${NOTIFY_ID}/retry`);
    expect(retry.headers.get("x-csrf-token")).toBe("staff-csrf");
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(2));
    expect(calls.filter((call) => `${call.method} ${call.path}` === LIST)).toHaveLength(2);
    // The pressed button left with its row: focus is on the heading, not lost.
    expect(document.activeElement).toBe(
      screen.getByRole("heading", { level: 1, name: t("Office.jobs_title") }),
    );
  });

  it("says a job that is no longer dead was already retried or removed, and refreshes the list", async () => {
    let dead = [NOTIFY];
    const calls = stubServer({
      [LIST]: () => json(200, { data: dead }),
      [RETRY]: () => {
        dead = [];
        return json(404, { errors: [{ status: "404", code: "not_found" }] });
      },
    });
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole("button", { name: /^Retry / }));
    const message = await screen.findByText(t("Office.jobs_already_retried"));
    expect(message.closest("[role=status]")).toBeTruthy();
    expect(await screen.findByText(t("Office.jobs_empty_title"))).toBeTruthy();
    expect(calls.filter((call) => `${call.method} ${call.path}` === LIST)).toHaveLength(2);
  });
});
