// The history of a location's opening hours (audit subject location_hours) in the hours page's own
// words: a change of the week lists each day that changed ("Saturday changed from Closed to
// 10:00–13:00, 14:00–16:00"), and a holiday or special day names its date and name.
import { useIntl } from "react-intl";
import { WEEKDAYS, type Weekday } from "../../../shared/domain.ts";
import type { OpeningInterval } from "../../../shared/opening-hours.ts";
import type { AuditEntry } from "../../api/office/audit-log.ts";
import { type AuditChange, AuditTrail } from "../audit/audit-trail.tsx";
import { formatDate } from "./adjustments-panel.tsx";
import { periodsText } from "./periods-text.ts";
import { weekdayName } from "./weekly-hours-form.tsx";

const isWeekday = (attribute: string): attribute is Weekday =>
  (WEEKDAYS as readonly string[]).includes(attribute);

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};

/** The week as stored in one audit attribute (`weekly`), as one change per day that differs. */
export function weekChanges(change: AuditChange): AuditChange[] | undefined {
  if (change.attribute !== "weekly") return undefined;
  const before = asRecord(change.before);
  const after = asRecord(change.after);
  return WEEKDAYS.filter(
    (day) => JSON.stringify(before[day] ?? null) !== JSON.stringify(after[day] ?? null),
  ).map((day) => ({
    attribute: day,
    before:
      change.before === null || change.before === undefined ? undefined : (before[day] ?? null),
    after: after[day] ?? null,
  }));
}

export function HoursHistory({ locationId }: { locationId: number }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `Office.hours.${id}` });
  const labels: Record<string, string> = {
    date: t("date"),
    name: t("name"),
    hours: t("preview_hours"),
    recurs_yearly: t("every_year_label"),
  };
  // A day or special day: null or no period is closed.
  const periods = (value: unknown) => {
    if (value === null || (Array.isArray(value) && value.length === 0)) return t("closed");
    return Array.isArray(value) ? periodsText(intl, value as OpeningInterval[]) : undefined;
  };
  return (
    <AuditTrail
      subjectType="location_hours"
      subjectId={String(locationId)}
      expand={weekChanges}
      labelOf={(attribute) =>
        attribute === "adjustment_id"
          ? null
          : isWeekday(attribute)
            ? weekdayName(intl.locale, attribute)
            : labels[attribute]
      }
      formatValue={(attribute, value) => {
        if (isWeekday(attribute) || attribute === "hours") return periods(value);
        if (attribute === "date" && typeof value === "string")
          return formatDate(intl.locale, value);
        return undefined;
      }}
      describe={(entry: AuditEntry) => {
        const record = asRecord(entry.attributes.after ?? entry.attributes.before);
        if (typeof record.date !== "string") return undefined;
        const date = formatDate(intl.locale, record.date);
        return typeof record.name === "string" && record.name ? `${date} · ${record.name}` : date;
      }}
    />
  );
}
