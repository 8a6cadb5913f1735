// What the lobby tells the staff member: the outcome of their last action (seen and announced),
// and new arrivals (announced; the list shows them). Successes fade after a while, errors stay
// until the next action or until dismissed.
import { useCallback, useEffect, useState } from "react";

export type ActionResult = { kind: "success" | "error"; text: string; id: number };

export const SUCCESS_SHOWN_MS = 10_000;

let sequence = 0;

export function useLobbyFeedback() {
  const [result, setResult] = useState<ActionResult | null>(null);
  const [arrival, setArrival] = useState<{ text: string; id: number } | null>(null);

  const report = useCallback((kind: ActionResult["kind"], text: string) => {
    sequence += 1;
    setResult({ kind, text, id: sequence });
  }, []);
  const announceArrival = useCallback((text: string) => {
    sequence += 1;
    setArrival({ text, id: sequence });
  }, []);
  const dismiss = useCallback(() => setResult(null), []);

  useEffect(() => {
    if (result?.kind !== "success") return;
    const timer = setTimeout(
      () => setResult((current) => (current?.id === result.id ? null : current)),
      SUCCESS_SHOWN_MS,
    );
    return () => clearTimeout(timer);
  }, [result]);

  return { result, arrival, report, announceArrival, dismiss };
}

export type LobbyFeedbackState = ReturnType<typeof useLobbyFeedback>;
