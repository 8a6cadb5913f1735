// /dashboard: today at each of the staff member's locations, live: waiting now, in progress,
// served, no-shows, median and longest wait, and how good the quoted waits have been so far.
// Re-read when realtime says a line changed, and every 30 s whatever happens.
import { useIntl } from "react-intl";
import { dashboardKey, useDashboard } from "../../api/office/dashboard.ts";
import { useLiveRefresh } from "../../api/office/use-live-refresh.ts";
import controls from "../../ui/controls.module.css";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { useStaffSession } from "../shell/staff-session.ts";
import styles from "./dashboard-page.module.css";
import { LocationDayCard } from "./location-day-card.tsx";

export function DashboardPage() {
  const me = useStaffSession();
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const title = t("Office.dashboard_title");
  usePageTitle(title);
  const dashboard = useDashboard();
  useLiveRefresh(
    me.locations.map((location) => String(location.id)),
    [dashboardKey],
  );
  const document = dashboard.data;

  return (
    <section aria-labelledby="dashboard-title">
      <div className={styles.header}>
        <h1 id="dashboard-title" className={styles.title}>
          {title}
        </h1>
        {document && (
          <p className={styles.updated}>
            <span className={styles.live} aria-hidden="true" />
            {t("Office.updated_at", {
              time: intl.formatTime(document.meta.generated_at, {
                hour: "numeric",
                minute: "2-digit",
                second: "2-digit",
              }),
            })}
          </p>
        )}
      </div>
      {dashboard.isPending ? (
        <p className={styles.status} role="status">
          {t("Office.loading")}
        </p>
      ) : dashboard.isError && !document ? (
        <div className={styles.status} role="alert">
          <p>{t("Office.dashboard_load_failed")}</p>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => dashboard.refetch()}
          >
            {t("Common.try_again")}
          </button>
        </div>
      ) : document && document.data.length === 0 ? (
        <p className={styles.status}>{t("Office.no_locations")}</p>
      ) : (
        <ul className={styles.grid}>
          {document?.data.map((day) => (
            <li key={day.id} className={styles.item}>
              <LocationDayCard day={day} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
