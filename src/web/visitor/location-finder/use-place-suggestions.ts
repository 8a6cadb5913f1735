// Place suggestions for what the visitor types (spec §9: 200 ms after the last keystroke). A newer
// search cancels the one in flight; a failure shows no suggestions and is only logged (spec §8).
import { useEffect, useState } from "react";
import type { Locale } from "../../../shared/domain.ts";
import type { PlaceSuggestion, PlacesProvider } from "../../api/places.ts";

export const SUGGESTION_DEBOUNCE_MS = 200;

/** `text` null: the box is not asking (closed, or a suggestion was just chosen). */
export function usePlaceSuggestions(
  provider: PlacesProvider,
  text: string | null,
  locale: Locale,
): PlaceSuggestion[] {
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  useEffect(() => {
    if (text === null || text.trim() === "") {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      provider.suggest(text, { locale, signal: controller.signal }).then(
        (found) => {
          if (!controller.signal.aborted) setSuggestions(found);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn("place suggestions failed", error);
          setSuggestions([]);
        },
      );
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [provider, text, locale]);
  return suggestions;
}
