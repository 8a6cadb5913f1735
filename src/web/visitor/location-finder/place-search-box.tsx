// The finder's search box: an ARIA 1.2 combobox (input + listbox, aria-activedescendant) with place
// suggestions from the places provider. Choosing a suggestion sorts the list by distance from it;
// Enter without one searches the locations by the text; clearing returns to the plain list.
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Locale } from "../../../shared/domain.ts";
import type { PlaceSuggestion, PlacesProvider } from "../../api/places.ts";
import styles from "./place-search-box.module.css";
import { usePlaceSuggestions } from "./use-place-suggestions.ts";

type Props = {
  provider: PlacesProvider;
  value: string;
  onValueChange: (value: string) => void;
  onChoosePlace: (suggestion: PlaceSuggestion) => void;
  onSearchText: (text: string) => void;
  onClear: () => void;
};

export function PlaceSearchBox(props: Props) {
  const { provider, value, onValueChange, onChoosePlace, onSearchText, onClear } = props;
  const intl = useIntl();
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), listbox: useId(), option: useId() };
  // The text suggestions are asked for; null while the list is closed.
  const [asking, setAsking] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const suggestions = usePlaceSuggestions(provider, asking, intl.locale as Locale);
  const open = asking !== null && suggestions.length > 0;
  const optionId = (index: number) => `${ids.option}-${index}`;

  const close = () => {
    setAsking(null);
    setActive(-1);
  };
  const choose = (suggestion: PlaceSuggestion) => {
    onValueChange(suggestion.name);
    close();
    onChoosePlace(suggestion);
  };
  const clear = () => {
    onValueChange("");
    close();
    onClear();
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!open) {
          if (value.trim()) setAsking(value);
          return;
        }
        // Both ends wrap around; from nothing chosen, Up takes the last suggestion.
        if (event.key === "ArrowDown") setActive((current) => (current + 1) % count);
        else setActive((current) => (current <= 0 ? count - 1 : current - 1));
        return;
      }
      case "Enter":
        if (open && active >= 0 && suggestions[active]) {
          event.preventDefault();
          choose(suggestions[active]);
        }
        return;
      case "Escape":
        if (open) {
          event.preventDefault();
          close();
        } else if (value) {
          event.preventDefault();
          clear();
        }
        return;
      case "Tab":
        close();
        return;
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    close();
    if (value.trim()) onSearchText(value.trim());
    else onClear();
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some assistive technology; a form with role=search is understood everywhere
    <form role="search" className={styles.search} onSubmit={onSubmit}>
      <label htmlFor={ids.input} className={styles.label}>
        <FormattedMessage id="LocationFinder.search_label" />
      </label>
      <div className={styles.field}>
        <input
          ref={inputRef}
          id={ids.input}
          className={styles.input}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={ids.listbox}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => {
            onValueChange(event.target.value);
            setAsking(event.target.value);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        {value && (
          <button
            type="button"
            className={styles.iconButton}
            onClick={clear}
            aria-label={intl.formatMessage({ id: "LocationFinder.clear_search" })}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 0 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4Z"
              />
            </svg>
          </button>
        )}
        <button
          type="submit"
          className={styles.iconButton}
          aria-label={intl.formatMessage({ id: "LocationFinder.search" })}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M10 3a7 7 0 0 1 5.6 11.2l4.6 4.6a1 1 0 0 1-1.4 1.4l-4.6-4.6A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z"
            />
          </svg>
        </button>
      </div>
      <ul
        id={ids.listbox}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the combobox's popup (ARIA 1.2)
        role="listbox"
        className={styles.listbox}
        hidden={!open}
        aria-label={intl.formatMessage({ id: "LocationFinder.suggestions" })}
      >
        {open &&
          suggestions.map((suggestion, index) => (
            // Focus stays in the input, which names the active option (aria-activedescendant) and
            // handles the keys; the mouse picks an option directly.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys
            // biome-ignore lint/a11y/useFocusableInteractive: options are reached through aria-activedescendant
            <li
              key={suggestion.id}
              id={optionId(index)}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the listbox
              role="option"
              aria-selected={index === active}
              className={styles.option}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
            >
              <span className={styles.optionName}>{suggestion.name}</span>
              {suggestion.description && (
                <span className={styles.optionDescription}>{suggestion.description}</span>
              )}
            </li>
          ))}
      </ul>
      <p className="visually-hidden" role="status">
        {open && (
          <FormattedMessage
            id="LocationFinder.suggestion_count"
            values={{ count: suggestions.length }}
          />
        )}
      </p>
    </form>
  );
}
