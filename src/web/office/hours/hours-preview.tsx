// The next 14 days as visitors will see them (the server applies holidays and special hours to
// the weekly hours in the location's time zone): each day's hours or "Closed", and why it differs.
import { useIntl } from "react-intl";
import { useHoursPreview } from "../../api/office/location-hours.ts";
import controls from "../../ui/controls.module.css";
import { describeError } from "../forms/describe-error.ts";
import styles from "./hours-page.module.css";
import { periodsText } from "./periods-text.ts";

export function HoursPreview({ locationId }: { locationId: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `Office.hours.${id}` }, values);
  const preview = useHoursPreview(locationId);
  const dayLabel = (date: string) =>
    new Intl.DateTimeFormat(intl.locale, {
      weekday: "short",
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${date}T12:00:00Z`));
  return (
    <section className={`${styles.card} ${styles.preview}`} aria-labelledby="preview-title">
      <h2 id="preview-title" className={styles.cardTitle}>
        {t("preview_title")}
      </h2>
      {preview.data && (
        <p className={styles.hint}>{t("preview_hint", { timezone: preview.data.timezone })}</p>
      )}
      {preview.isError && <p className={controls.alert}>{describeError(intl, preview.error)}</p>}
      {preview.data && (
        <table className={styles.previewTable}>
          <caption className={styles.visuallyHidden}>{t("preview_title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("preview_day")}</th>
              <th scope="col">{t("preview_hours")}</th>
            </tr>
          </thead>
          <tbody>
            {preview.data.days.map((day) => (
              <tr key={day.date} data-testid={`preview-${day.date}`}>
                <th scope="row">{dayLabel(day.date)}</th>
                <td>
                  <span className={day.hours ? undefined : styles.closedText}>
                    {day.hours && day.hours.length > 0 ? periodsText(intl, day.hours) : t("closed")}
                  </span>
                  {day.adjustment && (
                    <span className={styles.previewReason}>
                      {day.adjustment.name ?? t(day.hours ? "special_hours" : "closure")}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
