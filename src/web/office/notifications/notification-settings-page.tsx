// /settings/notifications/{client,staff,location}: the messages of one audience (left) and, for the
// chosen one, an editor per channel in the chosen language (right); the Location page picks a
// location and edits its own wording and settings. Kind, language and location live in the address.
import { useIntl } from "react-intl";
import { LOCALES, type Locale } from "../../../shared/domain.ts";
import type { MessageAudience } from "../../../shared/notifications/message-kinds.ts";
import { useNotificationTemplates } from "../../api/office/notification-templates.ts";
import { LANGUAGE_NAMES } from "../../i18n/language-names.ts";
import { useSearchParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { useStaffSession } from "../shell/staff-session.ts";
import { AudienceNav } from "./audience-nav.tsx";
import { MessageKindList } from "./message-kind-list.tsx";
import { NotificationSettingsForm } from "./notification-settings-form.tsx";
import styles from "./notification-settings-page.module.css";
import { useSampleValues } from "./sample-values.ts";
import { TemplateEditor } from "./template-editor.tsx";

export function NotificationSettingsPage({ audience }: { audience: MessageAudience }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `Office.notifications.${id}` });
  usePageTitle(t("title"));
  const me = useStaffSession();
  const [params, setParams] = useSearchParams();
  const lang = pickLocale(params.get("lang"), intl.locale);
  const samples = useSampleValues(lang);
  const rawLocation = Number(params.get("location"));
  const locationId =
    audience === "location" && me.locations.some((l) => l.id === rawLocation) ? rawLocation : null;
  const audiences: MessageAudience[] =
    audience !== "location"
      ? [audience]
      : locationId === null
        ? ["location"]
        : ["client", "location"];
  const templates = useNotificationTemplates({ audiences, lang, locationId });
  const list = templates.data ?? [];
  const kinds = [...new Set(list.map((item) => item.attributes.kind))];
  const kind = kinds.find((k) => k === params.get("kind")) ?? kinds[0];
  const channels = list.filter((item) => item.attributes.kind === kind);

  const setParam = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    });

  return (
    <section aria-labelledby="notifications-title" className={styles.page}>
      <h1 id="notifications-title" className={styles.title}>
        {t("title")}
      </h1>
      <p className={styles.intro}>{t("intro")}</p>
      <AudienceNav current={audience} />

      {audience === "location" && (
        <div className={styles.picker}>
          <Field label={t("location")}>
            {(control) => (
              <select
                {...control}
                className={controls.input}
                value={locationId ?? ""}
                onChange={(event) => setParam("location", event.target.value || null)}
              >
                <option value="">{t("all_locations")}</option>
                {me.locations.map((location) => (
                  <option key={location.id} value={location.id}>
                    {location.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      )}

      {templates.isError && !templates.data ? (
        <div role="alert" className={styles.status}>
          <p>{t("load_failed")}</p>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => templates.refetch()}
          >
            {intl.formatMessage({ id: "Common.try_again" })}
          </button>
        </div>
      ) : !templates.data ? (
        <p role="status" className={styles.status}>
          {intl.formatMessage({ id: "Office.loading" })}
        </p>
      ) : (
        <div className={styles.layout}>
          <MessageKindList kinds={kinds} current={kind} />
          <div className={styles.detail}>
            {kind && (
              <div className={styles.detailHead}>
                <div>
                  <h2 className={styles.kindTitle}>{t(`kind.${kind}.name`)}</h2>
                  <p className={styles.kindText}>{t(`kind.${kind}.description`)}</p>
                </div>
                <div className={styles.language}>
                  <Field label={t("language")}>
                    {(control) => (
                      <select
                        {...control}
                        className={controls.input}
                        value={lang}
                        onChange={(event) => setParam("lang", event.target.value)}
                      >
                        {LOCALES.map((option) => (
                          <option key={option} value={option} lang={option}>
                            {LANGUAGE_NAMES[option]}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                </div>
              </div>
            )}
            {channels.map(({ attributes }) => (
              <TemplateEditor
                key={`${attributes.kind}:${attributes.channel}:${attributes.lang}:${locationId ?? "vendor"}`}
                template={attributes}
                locationId={locationId}
                sampleValues={samples}
              />
            ))}
          </div>
        </div>
      )}

      {audience === "client" && <NotificationSettingsForm locationId={null} />}
      {audience === "location" && locationId !== null && (
        <NotificationSettingsForm locationId={locationId} />
      )}
    </section>
  );
}

function pickLocale(requested: string | null, page: string): Locale {
  const known = (value: string | null): value is Locale =>
    (LOCALES as readonly string[]).includes(value ?? "");
  if (known(requested)) return requested;
  return known(page) ? page : "en";
}
