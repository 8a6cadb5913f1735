// The inputs of the notification settings: "almost your turn" thresholds, quiet hours (two times,
// or none), the long-wait alert (minutes, or off) and SMS per number per hour. Errors come keyed
// by the server's pointers (`/data/attributes/quiet_hours/start` → "quiet_hours/start").
import { useIntl } from "react-intl";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import styles from "./notification-settings-form.module.css";
import type { SettingsDraft } from "./settings-draft.ts";

type Props = {
  draft: SettingsDraft;
  errors: Map<string, string>;
  onChange: (next: SettingsDraft) => void;
  /** the inputs by error key, so the form can focus the first invalid one */
  register: (key: string) => (element: HTMLInputElement | null) => void;
};

export function SettingsFields({ draft, errors, onChange, register }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `Office.notifications.${id}` });
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const number = (
    key: "almost_turn_people" | "almost_turn_minutes" | "sms_per_number_per_hour",
  ) => (
    <Field
      label={t(key === "sms_per_number_per_hour" ? "sms_per_hour" : key)}
      error={errors.get(key)}
    >
      {(control) => (
        <input
          {...control}
          ref={register(key)}
          className={`${controls.input} ${styles.number}`}
          type="number"
          inputMode="numeric"
          value={draft[key]}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </Field>
  );
  return (
    <div className={styles.grid}>
      {number("almost_turn_people")}
      {number("almost_turn_minutes")}
      <fieldset className={styles.group}>
        <legend className={styles.check}>
          <label>
            <input
              type="checkbox"
              checked={draft.quietOn}
              onChange={(event) => set("quietOn", event.target.checked)}
            />{" "}
            {t("quiet_hours")}
          </label>
        </legend>
        <p className={styles.hint}>{t("quiet_hint")}</p>
        {draft.quietOn && (
          <div className={styles.pair}>
            <Field
              label={t("quiet_start")}
              error={errors.get("quiet_hours/start") ?? errors.get("quiet_hours")}
            >
              {(control) => (
                <input
                  {...control}
                  ref={register("quiet_hours/start")}
                  className={`${controls.input} ${styles.time}`}
                  type="time"
                  value={draft.quietStart}
                  onChange={(event) => set("quietStart", event.target.value)}
                />
              )}
            </Field>
            <Field label={t("quiet_end")} error={errors.get("quiet_hours/end")}>
              {(control) => (
                <input
                  {...control}
                  ref={register("quiet_hours/end")}
                  className={`${controls.input} ${styles.time}`}
                  type="time"
                  value={draft.quietEnd}
                  onChange={(event) => set("quietEnd", event.target.value)}
                />
              )}
            </Field>
          </div>
        )}
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.check}>
          <label>
            <input
              type="checkbox"
              checked={draft.alertOn}
              onChange={(event) => set("alertOn", event.target.checked)}
            />{" "}
            {t("long_wait")}
          </label>
        </legend>
        {draft.alertOn && (
          <Field label={t("long_wait_minutes")} error={errors.get("long_wait_alert_minutes")}>
            {(control) => (
              <input
                {...control}
                ref={register("long_wait_alert_minutes")}
                className={`${controls.input} ${styles.number}`}
                type="number"
                inputMode="numeric"
                value={draft.alertMinutes}
                onChange={(event) => set("alertMinutes", event.target.value)}
              />
            )}
          </Field>
        )}
      </fieldset>
      {number("sms_per_number_per_hour")}
    </div>
  );
}
