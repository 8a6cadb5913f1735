// The lobby's view controls: show one service's visitors only, the desk this staff member calls
// visitors to, chime for new arrivals, and the keyboard shortcuts, written out so nobody has to
// guess them.
import { useId } from "react";
import { useIntl } from "react-intl";
import controls from "../../ui/controls.module.css";
import styles from "./lobby-toolbar.module.css";

type Props = {
  services: readonly { id: string; name: string }[];
  serviceId: string | null;
  onServiceChange: (serviceId: string | null) => void;
  soundOn: boolean;
  onToggleSound: () => void;
  showShortcuts: boolean;
  /** the desk visitors are called to ("" for one's own desk at the location); null: not shown */
  desk: string | null;
  onDeskChange: (desk: string) => void;
};

export function LobbyToolbar(props: Props) {
  const intl = useIntl();
  const id = useId();
  const t = (messageId: string) => intl.formatMessage({ id: messageId });
  return (
    <div className={styles.toolbar}>
      <div className={styles.filter}>
        <label htmlFor={`${id}-service`} className={styles.label}>
          {t("Office.filter_service")}
        </label>
        <select
          id={`${id}-service`}
          className={`${controls.input} ${styles.select}`}
          value={props.serviceId ?? ""}
          onChange={(event) => props.onServiceChange(event.target.value || null)}
        >
          <option value="">{t("Office.all_services")}</option>
          {props.services.map((service) => (
            <option key={service.id} value={service.id}>
              {service.name}
            </option>
          ))}
        </select>
      </div>
      {props.desk !== null && (
        <div className={styles.filter}>
          <label htmlFor={`${id}-desk`} className={styles.label}>
            {t("Office.your_desk")}
          </label>
          <input
            id={`${id}-desk`}
            type="text"
            className={`${controls.input} ${styles.desk}`}
            value={props.desk}
            maxLength={40}
            autoComplete="off"
            placeholder={t("Office.your_desk_placeholder")}
            aria-describedby={`${id}-desk-hint`}
            onChange={(event) => props.onDeskChange(event.target.value)}
          />
          <span id={`${id}-desk-hint`} className="visually-hidden">
            {t("Office.your_desk_hint")}
          </span>
        </div>
      )}
      <button
        type="button"
        role="switch"
        aria-checked={props.soundOn}
        className={styles.switch}
        onClick={props.onToggleSound}
      >
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        {t("Office.arrival_sound")}
      </button>
      {props.showShortcuts && (
        <p className={styles.shortcuts}>
          <span className="visually-hidden">{t("Office.shortcuts")}: </span>
          <span>
            <kbd>N</kbd> {t("Office.call_next")}
          </span>
          <span>
            <kbd>S</kbd> {t("Office.start")}
          </span>
          <span>
            <kbd>R</kbd> {t("Office.recall")}
          </span>
          <span>
            <kbd>C</kbd> {t("Office.complete")}
          </span>
        </p>
      )}
    </div>
  );
}
