// @vitest-environment jsdom
// Converting a waiting place into an appointment: behind its own dialog, then off to the booking URL
// the server gives; a refusal is said in the dialog and nothing moves.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installModalDialog } from "../../../../test/fakes/modal-dialog.ts";
import en from "../../../shared/i18n/en.json" with { type: "json" };
import { usableRedirect } from "../../api/walkin-conversion.ts";
import { ChangesCard } from "./changes-card.tsx";
import { appointmentDocument } from "./confirmation-fixtures.ts";
import { readBooking } from "./read-booking.ts";

const messages = en as Record<string, string>;
const t = (id: string) => messages[id]!;

beforeAll(installModalDialog);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard(answer: Response) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => answer);
  vi.stubGlobal("fetch", fetch);
  const navigate = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <IntlProvider locale="en" messages={messages}>
        <ChangesCard
          booking={readBooking(appointmentDocument())}
          queryKey={["queue-appointment", "12"]}
          canConvert
          navigate={navigate}
        />
      </IntlProvider>
    </QueryClientProvider>,
  );
  return { fetch, navigate };
}

describe("converting to an appointment", () => {
  it("asks first, then leaves for the booking URL the server returns", async () => {
    const { fetch, navigate } = renderCard(
      new Response(JSON.stringify({ url: "/select-timeslot?service=4&location=7" })),
    );
    const opener = screen.getByRole("button", { name: t("Confirmation.convert_button") });
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: t("Confirmation.convert_dialog_title") });
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(
      within(dialog).getByRole("button", { name: t("Confirmation.convert_confirm") }),
    );
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(navigate.mock.calls[0]![0]).toBe(
      "http://localhost:3000/select-timeslot?service=4&location=7",
    );
    expect(String(fetch.mock.calls[0]![0])).toBe(
      "/api/v3/open/walkin-conversion?id=12&confirm_code=K7Q2MZ",
    );
  });

  it("says why in the dialog when the place can no longer be converted", async () => {
    const detail = "Only a place that is still waiting can be turned into an appointment";
    const { navigate } = renderCard(
      new Response(JSON.stringify({ errors: [{ status: "409", detail }] }), { status: 409 }),
    );
    fireEvent.click(screen.getByRole("button", { name: t("Confirmation.convert_button") }));
    fireEvent.click(screen.getByRole("button", { name: t("Confirmation.convert_confirm") }));
    expect((await screen.findByRole("alert")).textContent).toBe(detail);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("closes on 'keep my place' and gives focus back to the button that opened it", () => {
    renderCard(new Response("{}"));
    const opener = screen.getByRole("button", { name: t("Confirmation.cancel_button") });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole("button", { name: t("Confirmation.keep_place") }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe("usableRedirect", () => {
  it("accepts paths of this site and web addresses, and refuses script URLs", () => {
    expect(usableRedirect("/select-timeslot?x=1", "https://bank.example/c")).toBe(
      "https://bank.example/select-timeslot?x=1",
    );
    expect(usableRedirect("https://book.example/a", "https://bank.example/")).toBe(
      "https://book.example/a",
    );
    expect(() => usableRedirect("javascript:alert(1)", "https://bank.example/")).toThrow();
  });
});
