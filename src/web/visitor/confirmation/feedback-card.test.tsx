// @vitest-environment jsdom
// Feedback after a completed visit: the rating is required (5 s message, nothing sent), the text is
// taken on blur, sending disables the button, success thanks and links the review, failure is quiet.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "../../../shared/i18n/en.json" with { type: "json" };
import { appointmentDocument, NOT_WAITING } from "./confirmation-fixtures.ts";
import { FEEDBACK_ERROR_MS, FeedbackCard } from "./feedback-card.tsx";
import { readBooking } from "./read-booking.ts";
import { RATING_VALUES, sentimentOf } from "./star-rating.tsx";

const messages = en as Record<string, string>;
const t = (id: string) => messages[id]!;

function renderCard(reviewUrl: string | null = "https://northwind.example/reviews/toronto") {
  const booking = readBooking(
    appointmentDocument({
      status: "completed",
      ...NOT_WAITING,
      location: { google_review_url: reviewUrl },
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <IntlProvider locale="en" messages={messages}>
        <FeedbackCard booking={booking} />
      </IntlProvider>
    </QueryClientProvider>,
  );
}

/** A fetch whose answer the test releases when it wants, to see the card while sending. */
function pendingFetch() {
  let release: (response: Response) => void = () => {};
  const fetch = vi.fn(
    (_url: string, _init: RequestInit) => new Promise<Response>((resolve) => (release = resolve)),
  );
  vi.stubGlobal("fetch", fetch);
  const answer = async (status: number) => {
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    release(new Response("{}", { status }));
  };
  return { fetch, release: answer };
}

const sendButton = () => screen.getByRole("button", { name: /Send feedback|Sending/ });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the star rating", () => {
  it("offers eleven values from 0 to 5 in half steps, each named with its sentiment", () => {
    vi.stubGlobal("fetch", vi.fn());
    renderCard();
    const radios = screen.getAllByRole("radio");
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(RATING_VALUES.map(String));
    expect(screen.getByRole("radio", { name: "0 stars: Very dissatisfied" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "1 star: Very dissatisfied" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "2.5 stars: Neutral" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "5 stars: Very satisfied" })).toBeTruthy();
    expect(screen.getByRole("group", { name: t("Feedback.rating_legend") })).toBeTruthy();
  });

  it("maps ratings to the five sentiments", () => {
    expect([0, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5].map(sentimentOf)).toEqual([
      "very_dissatisfied",
      "very_dissatisfied",
      "dissatisfied",
      "dissatisfied",
      "neutral",
      "neutral",
      "satisfied",
      "satisfied",
      "very_satisfied",
      "very_satisfied",
    ]);
  });
});

describe("sending feedback", () => {
  it("asks for a rating for 5 seconds and sends nothing while the rating is untouched", () => {
    vi.useFakeTimers();
    const { fetch } = pendingFetch();
    renderCard();
    fireEvent.click(sendButton());
    expect(screen.getByRole("alert").textContent).toBe(t("Feedback.rating_required"));
    expect(screen.getByRole("group").getAttribute("aria-describedby")).toBe(
      screen.getByRole("alert").id,
    );
    act(() => vi.advanceTimersByTime(FEEDBACK_ERROR_MS - 1));
    expect(screen.queryByRole("alert")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends the rating and the text taken on blur, disabled while sending, then thanks", async () => {
    const { fetch, release } = pendingFetch();
    renderCard();
    fireEvent.click(screen.getByRole("radio", { name: "3.5 stars: Satisfied" }));
    const text = screen.getByRole("textbox", { name: t("Feedback.experience_label") });
    fireEvent.change(text, { target: { value: "Quick and friendly" } });
    fireEvent.blur(text);
    fireEvent.click(sendButton());
    // A second click at once (a double click) sends nothing more.
    fireEvent.click(sendButton());

    await vi.waitFor(() => expect(sendButton().getAttribute("aria-disabled")).toBe("true"));
    expect(sendButton().textContent).toBe(t("Feedback.sending"));
    fireEvent.click(sendButton());
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/v3/open/walkin-feedback");
    expect(JSON.parse(String(init.body))).toEqual({
      queue_appointment: "12",
      code: "K7Q2MZ",
      rating: 3.5,
      experience: "Quick and friendly",
    });

    await act(async () => release(201));
    const thanks = await screen.findByText(t("Feedback.success"));
    expect(document.activeElement).toBe(thanks);
    const review = screen.getByRole("link", { name: /Leave a review/ });
    expect(review.getAttribute("href")).toBe("https://northwind.example/reviews/toronto");
    expect(screen.queryByRole("radio")).toBeNull();
  });

  it("thanks without a review link when the location has none", async () => {
    const { release } = pendingFetch();
    renderCard(null);
    fireEvent.click(screen.getByRole("radio", { name: "5 stars: Very satisfied" }));
    fireEvent.click(sendButton());
    await act(async () => release(201));
    expect(await screen.findByText(t("Feedback.success"))).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("re-enables the button without a word when the post fails", async () => {
    const { release } = pendingFetch();
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderCard();
    fireEvent.click(screen.getByRole("radio", { name: "0 stars: Very dissatisfied" }));
    fireEvent.click(sendButton());
    await act(async () => release(500));
    await vi.waitFor(() => expect(sendButton().getAttribute("aria-disabled")).toBeNull());
    expect(sendButton().textContent).toBe(t("Feedback.send"));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText(t("Feedback.success"))).toBeNull();
    expect(
      (screen.getByRole("radio", { name: "0 stars: Very dissatisfied" }) as HTMLInputElement)
        .checked,
    ).toBe(true);
  });
});
