// The message log's filters: location, channel, status, direction and a search of recipient and
// text, on the back office's filter bar. Choices apply at once; the search after a pause in typing
// (or on Enter).
import { useIntl } from "react-intl";
import { MESSAGE_CHANNELS } from "../../../shared/notifications/message-kinds.ts";
import {
  MESSAGE_DIRECTIONS,
  MESSAGE_STATUSES,
} from "../../../shared/notifications/message-statuses.ts";
import type { Me } from "../../api/office/me.ts";
import controls from "../../ui/controls.module.css";
import { FilterBar, SearchFilter, SelectFilter } from "../../ui/filter-bar.tsx";
import { channelMessageId, directionMessageId, statusMessageId } from "./message-labels.ts";
import styles from "./message-log-filters.module.css";
import type { FilterName, PageFilters } from "./use-message-log-filters.ts";

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
  const any = t("MessageLog.filter_any");

  return (
    <FilterBar label={t("MessageLog.filters")}>
      <SearchFilter
        label={t("MessageLog.search")}
        value={filters.q}
        onChange={(q) => onChange("q", q)}
      />
      {locations.length > 1 && (
        <SelectFilter
          label={t("MessageLog.filter_location")}
          allLabel={t("MessageLog.filter_all_locations")}
          value={filters.location}
          onChange={(value) => onChange("location", value)}
          options={locations.map((location) => ({
            value: String(location.id),
            label: location.name,
          }))}
        />
      )}
      <SelectFilter
        label={t("MessageLog.filter_channel")}
        allLabel={any}
        value={filters.channel}
        onChange={(value) => onChange("channel", value)}
        options={MESSAGE_CHANNELS.map((value) => ({ value, label: t(channelMessageId(value)) }))}
      />
      <SelectFilter
        label={t("MessageLog.filter_status")}
        allLabel={any}
        value={filters.status}
        onChange={(value) => onChange("status", value)}
        options={MESSAGE_STATUSES.map((value) => ({ value, label: t(statusMessageId(value)) }))}
      />
      <SelectFilter
        label={t("MessageLog.filter_direction")}
        allLabel={any}
        value={filters.direction}
        onChange={(value) => onChange("direction", value)}
        options={MESSAGE_DIRECTIONS.map((value) => ({
          value,
          label: t(directionMessageId(value)),
        }))}
      />
      {active && (
        <button
          type="button"
          className={`${controls.button} ${controls.quiet} ${styles.clear}`}
          onClick={onClear}
        >
          {t("MessageLog.clear_filters")}
        </button>
      )}
    </FilterBar>
  );
}
