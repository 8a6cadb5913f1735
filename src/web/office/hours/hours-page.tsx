// /hours/{locationId}: a location's opening hours — the weekly hours, the holidays and special
// days, and beside them the next 14 days as visitors will see them. Another location is one
// choice away; /hours lists them all (hours-landing-page.tsx).
import { useState } from "react";
import { useIntl } from "react-intl";
import { useLocationHours } from "../../api/office/location-hours.ts";
import { Link, useNavigate, useParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError } from "../forms/describe-error.ts";
import { paths } from "../office-paths.ts";
import { useStaffSession } from "../shell/staff-session.ts";
import { AdjustmentsPanel } from "./adjustments-panel.tsx";
import { HoursHistory } from "./hours-history.tsx";
import styles from "./hours-page.module.css";
import { HoursPreview } from "./hours-preview.tsx";
import { WeeklyHoursForm } from "./weekly-hours-form.tsx";

export function HoursPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `Office.hours.${id}` }, values);
  const me = useStaffSession();
  const navigate = useNavigate();
  const params = useParams();
  const locationId = Number(params.locationId);
  const location = me.locations.find((l) => l.id === locationId);
  usePageTitle(location ? t("title_of", { location: location.name }) : t("title"));
  const hours = useLocationHours(location ? locationId : 0);
  // A reload after a conflict starts the form afresh from the other person's version.
  const [reloads, setReloads] = useState(0);

  if (!location) {
    return (
      <section aria-labelledby="hours-title" className={styles.page}>
        <h1 id="hours-title" className={styles.title}>
          {t("title")}
        </h1>
        <p className={controls.alert}>{t("unknown_location")}</p>
        <p>
          <Link to={paths.hours()}>{t("all_locations")}</Link>
        </p>
      </section>
    );
  }

  return (
    <section aria-labelledby="hours-title" className={styles.page}>
      <p className={styles.back}>
        <Link to={paths.hours()}>{t("all_locations")}</Link>
      </p>
      <h1 id="hours-title" className={styles.title}>
        {t("title_of", { location: location.name })}
      </h1>
      {me.locations.length > 1 && (
        <label className={styles.picker}>
          <span>{t("location")}</span>
          <select
            className={controls.input}
            value={locationId}
            onChange={(event) => navigate(paths.hours(event.target.value))}
          >
            {me.locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className={styles.layout}>
        <div className={styles.main}>
          {hours.isError && <p className={controls.alert}>{describeError(intl, hours.error)}</p>}
          {hours.data && (
            <WeeklyHoursForm
              key={`${locationId}:${reloads}`}
              locationId={locationId}
              hours={hours.data}
              onReload={async () => {
                await hours.refetch();
                setReloads((n) => n + 1);
              }}
            />
          )}
          <AdjustmentsPanel key={locationId} locationId={locationId} />
        </div>
        <HoursPreview locationId={locationId} />
      </div>
      <HoursHistory locationId={locationId} />
    </section>
  );
}
