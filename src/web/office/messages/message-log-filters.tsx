// The message log's filters: location, channel, status, direction and a search of recipient and
// text. Choices apply at once; the search after a pause in typing (or on Enter). Every control has a
// visible label; the form sits in a search landmark.
import { useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { MESSAGE_CHANNELS } from "../../../shared/notifications/message-kinds.ts";
import {
  MESSAGE_DIRECTIONS,
  MESSAGE_STATUSES,
} from "../../../shared/notifications/message-statuses.ts";
import type { Me } from "../../api/office/me.ts";
import controls from "../../ui/controls.module.css";
import { channelMessageId, directionMessageId, statusMessageId } from "./message-labels.ts";
import styles from "./message-log-filters.module.css";
import type { FilterName, PageFilters } from "./use-message-log-filters.ts";

export const SEARCH_DEBOUNCE_MS = 350;

type Props = {
  locations: Me["locations"];
  filters: PageFilters;
  active: boolean;
  onChange: (name: FilterName, value: string) => void;
  onClear: () => void;
};

export function MessageLogFilters({ locations, filters, active, onChange, onClear }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const id = useId();
  const [text, setText] = useState(filters.q);
  // The search this form last wrote: an address change that is not its own (back, clear) wins.
  const written = useRef(filters.q);

  useEffect(() => {
    if (filters.q !== written.current) {
      written.current = filters.q;
      setText(filters.q);
    }
  }, [filters.q]);

  useEffect(() => {
    if (text === written.current) return;
    const timer = setTimeout(() => {
      written.current = text;
      onChange("q", text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onChange]);

  const select = (
    name: Exclude<FilterName, "q">,
    labelId: string,
    options: { value: string; label: string }[],
  ) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${name}`}>{t(labelId)}</label>
      <select
        id={`${id}-${name}`}
        className={controls.input}
        value={filters[name]}
        onChange={(event) => onChange(name, event.target.value)}
      >
        <option value="">
          {t(name === "location" ? "MessageLog.filter_all_locations" : "MessageLog.filter_any")}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <search aria-label={t("MessageLog.filters")}>
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          written.current = text;
          onChange("q", text);
        }}
      >
        <div className={`${styles.field} ${styles.search}`}>
          <label htmlFor={`${id}-q`}>{t("MessageLog.search")}</label>
          <input
            id={`${id}-q`}
            type="search"
            className={controls.input}
            value={text}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        {locations.length > 1 &&
          select(
            "location",
            "MessageLog.filter_location",
            locations.map((location) => ({ value: String(location.id), label: location.name })),
          )}
        {select(
          "channel",
          "MessageLog.filter_channel",
          MESSAGE_CHANNELS.map((value) => ({ value, label: t(channelMessageId(value)) })),
        )}
        {select(
          "status",
          "MessageLog.filter_status",
          MESSAGE_STATUSES.map((value) => ({ value, label: t(statusMessageId(value)) })),
        )}
        {select(
          "direction",
          "MessageLog.filter_direction",
          MESSAGE_DIRECTIONS.map((value) => ({ value, label: t(directionMessageId(value)) })),
        )}
        {active && (
          <button
            type="button"
            className={`${controls.button} ${controls.quiet} ${styles.clear}`}
            onClick={onClear}
          >
            {t("MessageLog.clear_filters")}
          </button>
        )}
      </form>
    </search>
  );
}
