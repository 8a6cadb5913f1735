// /settings/client-view (Admin and up, settings.manage): every setting of what visitors see and are
// asked on the client view and the kiosks, and how appointments may be booked, in fieldsets by
// topic with one save bar. The page edits two settings sections (client-view, booking) that share
// one settings version: the save sends the client view with the version it read, then the booking
// with the version that save answered. A 409 says someone else changed the settings and reloads
// them; a 422 shows each reason at its field and moves focus to the first.
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { LOCALES, type Locale } from "../../../shared/domain.ts";
import type { ClientViewSettings } from "../../../shared/vendor-settings.ts";
import { ApiError } from "../../api/client.ts";
import {
  saveSettingsSection,
  settingsSectionKey,
  useSettingsSection,
} from "../../api/office/settings-sections.ts";
import { LANGUAGE_NAMES } from "../../i18n/language-names.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError } from "../forms/describe-error.ts";
import styles from "./client-view-settings-page.module.css";
import {
  type ContactKey,
  draftOf,
  type SettingsDraft,
  settingsOf,
  type TextKey,
} from "./settings-draft.ts";
import { StatementEditor } from "./statement-editor.tsx";

type Focusable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Section = "client-view" | "booking";

/** The fields in page order, by error key: focus goes to the first the server refused. */
const ORDER = [
  "client-view:available_languages",
  "client-view:default_language",
  "client-view:callback_contact_options/email",
  "client-view:callback_contact_options/mobile_phone",
  "client-view:callback_contact_options/notes",
  "client-view:callback_contact_options/sms_notifications",
  "client-view:custom_contact_heading",
  "client-view:custom_contact_message",
  "client-view:pre_booking_statement",
  "client-view:privacy_policy_url",
  "client-view:terms_of_service_url",
  "client-view:first_step",
  "client-view:location_search_radius",
  "client-view:disabled_title",
  "client-view:disabled_description",
  "client-view:kiosk/custom_message",
  "client-view:time_in_advance_minutes",
  "client-view:time_to_cancel_minutes",
  "client-view:time_to_reschedule_minutes",
  "booking:window_days",
  "booking:staff_daily_limit",
  "booking:location_daily_capacity",
  "booking:off_site_travel_minutes",
  "booking:attendees_limit",
  "booking:reminder_minutes",
];

export function ClientViewSettingsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `Office.client_view.${id}` });
  usePageTitle(t("title"));
  const clientView = useSettingsSection("client-view");
  const booking = useSettingsSection("booking");
  const failed = (clientView.isError && !clientView.data) || (booking.isError && !booking.data);
  // Kept by the page, not the form: the form starts again from the reloaded settings.
  const [conflicted, setConflicted] = useState(false);

  return (
    <section aria-labelledby="client-view-title" className={styles.page}>
      <h1 id="client-view-title" className={styles.title}>
        {t("title")}
      </h1>
      <p className={styles.intro}>{t("intro")}</p>
      <div role="alert">{conflicted && <p className={controls.alert}>{t("conflict")}</p>}</div>
      {failed ? (
        <div role="alert" className={styles.status}>
          <p>{t("load_failed")}</p>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => {
              void clientView.refetch();
              void booking.refetch();
            }}
          >
            {intl.formatMessage({ id: "Common.try_again" })}
          </button>
        </div>
      ) : !clientView.data || !booking.data ? (
        <p role="status" className={styles.status}>
          {intl.formatMessage({ id: "Office.loading" })}
        </p>
      ) : (
        <SettingsForm
          // A reload after a conflict starts the form again from what is stored now.
          key={`${clientView.data.version}:${booking.data.version}`}
          draft={draftOf(clientView.data.value, booking.data.value)}
          version={Math.max(clientView.data.version, booking.data.version)}
          onConflict={() => setConflicted(true)}
          onSaved={() => setConflicted(false)}
        />
      )}
    </section>
  );
}

type FormProps = {
  draft: SettingsDraft;
  version: number;
  /** another save came first: the page says so while the settings reload */
  onConflict: () => void;
  onSaved: () => void;
};

function SettingsForm(props: FormProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `Office.client_view.${id}` });
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(props.draft);
  const [errors, setErrors] = useState(new Map<string, string>());
  const [status, setStatus] = useState<{ text: string; key: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // The version the next save edits: the one read, then the one each save answered.
  const version = useRef(props.version);
  const inputs = useRef(new Map<string, Focusable>());

  const register = (key: string) => (element: Focusable | null) => {
    if (element) inputs.current.set(key, element);
    else inputs.current.delete(key);
  };
  const error = (key: string) => errors.get(key);
  const cv = draft.clientView;
  const setClientView = (change: Partial<ClientViewSettings>) =>
    setDraft((current) => ({ ...current, clientView: { ...current.clientView, ...change } }));
  const setKiosk = (change: Partial<ClientViewSettings["kiosk"]>) =>
    setClientView({ kiosk: { ...cv.kiosk, ...change } });
  const setContact = (key: ContactKey, value: "hidden" | "optional" | "required") =>
    setClientView({ callback_contact_options: { ...cv.callback_contact_options, [key]: value } });
  const setText = (key: TextKey, value: string) =>
    setDraft((current) => ({ ...current, text: { ...current.text, [key]: value } }));

  const refused = (section: Section, caught: unknown) => {
    const prefix = "/data/attributes/";
    const byKey = new Map<string, string>();
    if (caught instanceof ApiError)
      for (const item of caught.errors) {
        const pointer = item.source?.pointer;
        if (pointer?.startsWith(prefix) && item.detail)
          byKey.set(`${section}:${pointer.slice(prefix.length)}`, item.detail);
      }
    // A reason about one entry of a list ("reminder_minutes/1") belongs to the list's input.
    const owner = (key: string) =>
      ORDER.find((field) => key === field || key.startsWith(`${field}/`));
    const shown = new Map<string, string>();
    for (const [key, detail] of byKey) {
      const field = owner(key);
      if (field && !shown.has(field)) shown.set(field, detail);
    }
    setErrors(shown);
    const first = ORDER.find((key) => shown.has(key));
    if (first) inputs.current.get(first)?.focus();
    else setFailure(describeError(intl, caught));
  };

  const reload = async () => {
    props.onConflict();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsSectionKey("client-view") }),
      queryClient.invalidateQueries({ queryKey: settingsSectionKey("booking") }),
    ]);
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setStatus(null);
    setFailure(null);
    const values = settingsOf(draft);
    let section: Section = "client-view";
    try {
      const savedView = await saveSettingsSection(
        "client-view",
        values.clientView,
        version.current,
      );
      version.current = savedView.version;
      section = "booking";
      const savedBooking = await saveSettingsSection("booking", values.booking, version.current);
      version.current = savedBooking.version;
      setErrors(new Map());
      props.onSaved();
      setStatus({ text: t("saved"), key: Date.now() });
      // The stored values (the statement as sanitised) become the form's, without a reload.
      setDraft(draftOf(savedView.value, savedBooking.value));
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) await reload();
      else refused(section, caught);
    } finally {
      setPending(false);
    }
  };

  const check = (label: string, checked: boolean, onChange: (checked: boolean) => void) => (
    <label className={styles.check}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />{" "}
      {label}
    </label>
  );
  const text = (
    key: TextKey,
    label: string,
    options: { hint?: string; type?: string; rows?: number } = {},
  ) => (
    <Field label={label} hint={options.hint} error={error(key)}>
      {(control) =>
        options.rows ? (
          <textarea
            {...control}
            ref={register(key)}
            className={controls.input}
            rows={options.rows}
            value={draft.text[key]}
            onChange={(event) => setText(key, event.target.value)}
          />
        ) : (
          <input
            {...control}
            ref={register(key)}
            className={`${controls.input} ${options.type === "number" ? styles.number : ""}`}
            type={options.type === "number" ? "text" : (options.type ?? "text")}
            inputMode={options.type === "number" ? "numeric" : undefined}
            value={draft.text[key]}
            onChange={(event) => setText(key, event.target.value)}
          />
        )
      }
    </Field>
  );
  const contact = (key: ContactKey) => {
    const errorKey = `client-view:callback_contact_options/${key}`;
    const options =
      key === "sms_notifications"
        ? (["required", "optional", "hidden"] as const)
        : (["hidden", "optional", "required"] as const);
    return (
      <Field label={t(`contact_${key}`)} error={error(errorKey)}>
        {(control) => (
          <select
            {...control}
            ref={register(errorKey)}
            className={controls.input}
            value={cv.callback_contact_options[key]}
            onChange={(event) =>
              setContact(key, event.target.value as "hidden" | "optional" | "required")
            }
          >
            {options.map((option) => (
              <option key={option} value={option}>
                {t(key === "sms_notifications" ? `sms_${option}` : `requirement_${option}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className={styles.form}>
      <Group legend={t("group_languages")}>
        <fieldset
          className={styles.choices}
          aria-describedby={
            error("client-view:available_languages") ? "available-languages-error" : undefined
          }
        >
          <legend className={styles.label}>{t("available_languages")}</legend>
          <div className={styles.languageList}>
            {LOCALES.map((locale, index) => (
              <label key={locale} className={styles.check} lang={locale}>
                <input
                  type="checkbox"
                  ref={index === 0 ? register("client-view:available_languages") : undefined}
                  checked={cv.available_languages.includes(locale)}
                  onChange={(event) =>
                    setClientView({
                      available_languages: event.target.checked
                        ? LOCALES.filter((l) => l === locale || cv.available_languages.includes(l))
                        : cv.available_languages.filter((l) => l !== locale),
                    })
                  }
                />{" "}
                {LANGUAGE_NAMES[locale]}
              </label>
            ))}
          </div>
          {error("client-view:available_languages") && (
            <p id="available-languages-error" className={styles.error}>
              {error("client-view:available_languages")}
            </p>
          )}
        </fieldset>
        <Field label={t("default_language")} error={error("client-view:default_language")}>
          {(control) => (
            <select
              {...control}
              ref={register("client-view:default_language")}
              className={controls.input}
              value={cv.default_language}
              onChange={(event) =>
                setClientView({ default_language: event.target.value as Locale })
              }
            >
              {LOCALES.map((locale) => (
                <option key={locale} value={locale} lang={locale}>
                  {LANGUAGE_NAMES[locale]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </Group>

      <Group legend={t("group_contact")} hint={t("group_contact_hint")}>
        {contact("email")}
        {contact("mobile_phone")}
        {contact("notes")}
        {contact("sms_notifications")}
        {text("client-view:custom_contact_heading", t("custom_contact_heading"))}
        {text("client-view:custom_contact_message", t("custom_contact_message"), { rows: 3 })}
      </Group>

      <Group legend={t("group_agreement")} wide>
        {check(t("explicit_compliance_agreement"), cv.explicit_compliance_agreement, (value) =>
          setClientView({ explicit_compliance_agreement: value }),
        )}
        <StatementEditor
          value={draft.text["client-view:pre_booking_statement"]}
          error={error("client-view:pre_booking_statement")}
          onChange={(value) => setText("client-view:pre_booking_statement", value)}
          register={register("client-view:pre_booking_statement")}
        />
        {text("client-view:privacy_policy_url", t("privacy_policy_url"), { type: "url" })}
        {text("client-view:terms_of_service_url", t("terms_of_service_url"), { type: "url" })}
      </Group>

      <Group legend={t("group_steps")}>
        <Field label={t("first_step")} error={error("client-view:first_step")}>
          {(control) => (
            <select
              {...control}
              ref={register("client-view:first_step")}
              className={controls.input}
              value={cv.first_step}
              onChange={(event) =>
                setClientView({
                  first_step: event.target.value as ClientViewSettings["first_step"],
                })
              }
            >
              {(["service", "location", "staff", "meeting_method"] as const).map((step) => (
                <option key={step} value={step}>
                  {t(`step_${step}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {check(t("include_location_step"), cv.include_location_step, (value) =>
          setClientView({ include_location_step: value }),
        )}
        {check(t("join_line_from_client_view"), cv.join_line_from_client_view, (value) =>
          setClientView({ join_line_from_client_view: value }),
        )}
        {check(t("staff_selection"), cv.staff_selection, (value) =>
          setClientView({ staff_selection: value }),
        )}
        {check(t("wait_list"), cv.wait_list, (value) => setClientView({ wait_list: value }))}
        {check(t("walkin_questions"), cv.walkin_questions, (value) =>
          setClientView({ walkin_questions: value }),
        )}
      </Group>

      <Group legend={t("group_locations")}>
        {check(t("show_wait_time"), cv.show_wait_time, (value) =>
          setClientView({ show_wait_time: value }),
        )}
        {check(t("hide_location_hours"), cv.hide_location_hours, (value) =>
          setClientView({ hide_location_hours: value }),
        )}
        {check(t("use_nearest_location"), cv.use_nearest_location, (value) =>
          setClientView({ use_nearest_location: value }),
        )}
        {text("client-view:location_search_radius", t("location_search_radius"), {
          type: "number",
          hint: t("location_search_radius_hint"),
        })}
      </Group>

      <Group legend={t("group_disabled")} hint={t("group_disabled_hint")}>
        {text("client-view:disabled_title", t("disabled_title"))}
        {text("client-view:disabled_description", t("disabled_description"), { rows: 3 })}
      </Group>

      <Group legend={t("group_kiosk")}>
        {check(t("kiosk_appointment_booking"), cv.kiosk.appointment_booking, (value) =>
          setKiosk({ appointment_booking: value }),
        )}
        {check(t("kiosk_qr_code"), cv.kiosk.qr_code, (value) => setKiosk({ qr_code: value }))}
        {check(t("kiosk_preferred_language"), cv.kiosk.preferred_language, (value) =>
          setKiosk({ preferred_language: value }),
        )}
        {check(t("kiosk_preferred_staff"), cv.kiosk.preferred_staff, (value) =>
          setKiosk({ preferred_staff: value }),
        )}
        {text("client-view:kiosk/custom_message", t("kiosk_custom_message"), { rows: 3 })}
      </Group>

      <Group legend={t("group_booking")} hint={t("group_booking_hint")}>
        {text("client-view:time_in_advance_minutes", t("time_in_advance_minutes"), {
          type: "number",
        })}
        {text("client-view:time_to_cancel_minutes", t("time_to_cancel_minutes"), {
          type: "number",
          hint: t("zero_any_time"),
        })}
        {text("client-view:time_to_reschedule_minutes", t("time_to_reschedule_minutes"), {
          type: "number",
          hint: t("zero_any_time"),
        })}
        {text("booking:window_days", t("window_days"), { type: "number" })}
        {text("booking:staff_daily_limit", t("staff_daily_limit"), {
          type: "number",
          hint: t("empty_no_limit"),
        })}
        {text("booking:location_daily_capacity", t("location_daily_capacity"), {
          type: "number",
          hint: t("empty_no_limit"),
        })}
        {text("booking:off_site_travel_minutes", t("off_site_travel_minutes"), { type: "number" })}
        {text("booking:attendees_limit", t("attendees_limit"), { type: "number" })}
        {text("booking:reminder_minutes", t("reminder_minutes"), {
          hint: t("reminder_minutes_hint"),
        })}
      </Group>

      <div className={styles.saveBar}>
        <button
          type="submit"
          className={`${controls.button} ${controls.primary}`}
          aria-disabled={pending || undefined}
        >
          {pending ? t("saving") : t("save")}
        </button>
        <p role="status" className={styles.saved}>
          {status && <span key={status.key}>{status.text}</span>}
        </p>
        <div role="alert" className={styles.alertSlot}>
          {failure && <p className={controls.alert}>{failure}</p>}
        </div>
      </div>
    </form>
  );
}

function Group(props: { legend: string; hint?: string; wide?: boolean; children: ReactNode }) {
  return (
    <fieldset className={`${styles.group} ${props.wide ? styles.wide : ""}`}>
      <legend className={styles.legend}>{props.legend}</legend>
      {props.hint && <p className={styles.hint}>{props.hint}</p>}
      <div className={styles.fields}>{props.children}</div>
    </fieldset>
  );
}
