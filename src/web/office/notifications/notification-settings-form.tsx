// When messages go, for the vendor (every location without its own settings) or for one location
// (its own settings, or "inherits the vendor's"). Saved as a whole; the server's reasons show under
// each input, focus goes to the first refused one, and "saved" is announced.
import { useRef, useState } from "react";
import { useIntl } from "react-intl";
import {
  useLocationNotificationSettings,
  useSaveLocationNotificationSettings,
} from "../../api/office/location-notification-settings.ts";
import {
  type NotificationSettings,
  useNotificationSettings,
  useSaveNotificationSettings,
} from "../../api/office/notification-settings.ts";
import controls from "../../ui/controls.module.css";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import styles from "./notification-settings-form.module.css";
import { draftOf, type SettingsDraft, settingsOf } from "./settings-draft.ts";
import { SettingsFields } from "./settings-fields.tsx";

const POINTER = "/data/attributes/";
const ORDER = [
  "almost_turn_people",
  "almost_turn_minutes",
  "quiet_hours/start",
  "quiet_hours/end",
  "long_wait_alert_minutes",
  "sms_per_number_per_hour",
];

/** The vendor's settings, or a location's when `locationId` is given. */
export function NotificationSettingsForm({ locationId }: { locationId: number | null }) {
  const vendor = useNotificationSettings();
  const location = useLocationNotificationSettings(locationId);
  const intl = useIntl();
  const query = locationId === null ? vendor : location;
  if (!query.data)
    return query.isError ? (
      <p className={controls.alert}>{describeError(intl, query.error)}</p>
    ) : null;
  if (locationId === null)
    return (
      <SettingsForm
        key="vendor"
        settings={vendor.data as NotificationSettings}
        own
        locationId={null}
      />
    );
  const data = location.data;
  if (!data) return null;
  return (
    <SettingsForm
      key={locationId}
      settings={data.effective}
      own={Object.keys(data.overrides).length > 0}
      locationId={locationId}
    />
  );
}

type FormProps = { settings: NotificationSettings; own: boolean; locationId: number | null };

function SettingsForm({ settings, own: initiallyOwn, locationId }: FormProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `Office.notifications.${id}` }, values);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings));
  const [own, setOwn] = useState(initiallyOwn);
  const [errors, setErrors] = useState(new Map<string, string>());
  const [status, setStatus] = useState<{ text: string; key: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const saveVendor = useSaveNotificationSettings();
  const saveLocation = useSaveLocationNotificationSettings();
  const pending = saveVendor.isPending || saveLocation.isPending;
  const headingId = locationId === null ? "settings-vendor" : `settings-location-${locationId}`;

  const register = (key: string) => (element: HTMLInputElement | null) => {
    if (element) inputs.current.set(key, element);
    else inputs.current.delete(key);
  };

  const saved = () => {
    setErrors(new Map());
    setFailure(null);
    setStatus({ text: t("settings_saved"), key: Date.now() });
  };
  const refused = (error: unknown) => {
    const byKey = new Map<string, string>();
    for (const [pointer, detail] of fieldErrorsOf(error))
      if (pointer.startsWith(POINTER)) byKey.set(pointer.slice(POINTER.length), detail);
    setErrors(byKey);
    const first = ORDER.find(
      (key) => byKey.has(key) || (key === "quiet_hours/start" && byKey.has("quiet_hours")),
    );
    if (first) inputs.current.get(first)?.focus();
    else setFailure(describeError(intl, error));
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setStatus(null);
    const values = settingsOf(draft);
    if (locationId === null) saveVendor.mutate(values, { onSuccess: saved, onError: refused });
    else
      saveLocation.mutate(
        { locationId, overrides: own ? values : {} },
        { onSuccess: saved, onError: refused },
      );
  };

  return (
    <section aria-labelledby={headingId} className={styles.card}>
      <h2 id={headingId} className={styles.heading}>
        {t(locationId === null ? "settings_heading" : "location_settings_heading")}
      </h2>
      {locationId === null && <p className={styles.hint}>{t("settings_intro")}</p>}
      <form onSubmit={onSubmit} noValidate>
        {locationId !== null && (
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={own}
              onChange={(event) => setOwn(event.target.checked)}
            />{" "}
            {t("own_settings")}
          </label>
        )}
        {locationId !== null && !own ? (
          <p className={styles.inherits}>
            {t("inherits_settings")} {summary(t, settings)}
          </p>
        ) : (
          <SettingsFields draft={draft} errors={errors} onChange={setDraft} register={register} />
        )}
        <div className={styles.actions}>
          <button
            type="submit"
            className={`${controls.button} ${controls.primary}`}
            aria-disabled={pending || undefined}
          >
            {pending ? t("saving") : t("save_settings")}
          </button>
          <p role="status" className={styles.status}>
            {status && <span key={status.key}>{status.text}</span>}
          </p>
        </div>
        <div role="alert">{failure && <p className={controls.alert}>{failure}</p>}</div>
      </form>
    </section>
  );
}

function summary(
  t: (id: string, values?: Record<string, string | number>) => string,
  settings: NotificationSettings,
): string {
  return t("effective_summary", {
    people: settings.almost_turn_people,
    minutes: settings.almost_turn_minutes,
    quiet: settings.quiet_hours ? t("quiet_range", settings.quiet_hours) : t("no_quiet_hours"),
    alert:
      settings.long_wait_alert_minutes === null
        ? t("no_alert")
        : t("alert_after", { minutes: settings.long_wait_alert_minutes }),
    sms: settings.sms_per_number_per_hour,
  });
}
