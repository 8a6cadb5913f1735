// The form of one snippet, in a dialog: its name, kind, tone, location, window and whether it is
// shown, and its content per language in tabs, each a textarea of limited HTML with a live
// preview. A refused field shows the server's localised reason beside it; a save that another
// person's save overtook (409) shows their version, to be edited again.
import { type FormEvent, useId, useState } from "react";
import { useIntl } from "react-intl";
import {
  CX_SNIPPET_HTML_MAX,
  CX_SNIPPET_KINDS,
  CX_SNIPPET_TONES,
  type CxSnippetResource,
} from "../../../shared/contracts/cx-snippet.ts";
import { LOCALES, type Locale } from "../../../shared/domain.ts";
import { ApiError } from "../../api/client.ts";
import { type CxSnippetAttributes, useSaveCxSnippet } from "../../api/office/cx-snippets.ts";
import { LANGUAGE_NAMES } from "../../i18n/language-names.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { Tabs } from "../../ui/tabs.tsx";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import styles from "../services/services.module.css";
import { useStaffSession } from "../shell/staff-session.ts";
import { CxSnippetPreview } from "./cx-snippet-preview.tsx";

type Draft = Omit<CxSnippetAttributes, "starts_at" | "ends_at"> & {
  /** datetime-local values, in the browser's time zone */
  starts_at: string;
  ends_at: string;
};

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a datetime-local value in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const toInstant = (local: string): string | null => (local ? new Date(local).toISOString() : null);

function draftOf(stored: CxSnippetResource | null): Draft {
  const a = stored?.attributes;
  return {
    name: a?.name ?? "",
    kind: a?.kind ?? "announcement",
    tone: a?.tone ?? "info",
    content: { ...(a?.content ?? {}) },
    location_id: a?.location_id ?? null,
    starts_at: toLocalInput(a?.starts_at ?? null),
    ends_at: toLocalInput(a?.ends_at ?? null),
    active: a?.active ?? true,
  };
}

type Props = {
  stored: CxSnippetResource | null;
  onSaved: (snippet: CxSnippetResource) => void;
  onCancel: () => void;
};

export function CxSnippetForm({ stored: initial, onSaved, onCancel }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const me = useStaffSession();
  const ids = useId();
  const [stored, setStored] = useState(initial);
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [tab, setTab] = useState<Locale>("en");
  const save = useSaveCxSnippet();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((before) => ({ ...before, [key]: value }));
  const fieldErrors = fieldErrorsOf(save.error);
  const errorAt = (field: string) => fieldErrors.get(`/data/attributes/${field}`);
  const contentError = (locale: Locale) =>
    errorAt(`content/${locale}`) ?? (locale === "en" ? errorAt("content") : undefined);
  const generalError =
    save.error && fieldErrors.size === 0 ? describeError(intl, save.error) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const content = Object.fromEntries(
      Object.entries(draft.content).filter(([, html]) => html.trim() !== ""),
    );
    const attributes: CxSnippetAttributes = {
      ...draft,
      content,
      starts_at: toInstant(draft.starts_at),
      ends_at: toInstant(draft.ends_at),
    };
    const request = stored
      ? { id: stored.id, version: stored.attributes.version, attributes }
      : { id: null, attributes };
    save.mutate(request, {
      onSuccess: onSaved,
      onError: (error) => {
        // Another save came first: show theirs, so the next save is made over it knowingly.
        const current = error instanceof ApiError ? error.meta?.current : undefined;
        if (error instanceof ApiError && error.status === 409 && current) {
          const latest = current as CxSnippetResource;
          setStored(latest);
          setDraft(draftOf(latest));
        }
      },
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-describedby={`${ids}-error`}>
      <div id={`${ids}-error`} role="alert">
        {generalError && <p className={controls.alert}>{generalError}</p>}
      </div>
      <Field
        label={t("Office.cxSnippets.field_name")}
        hint={t("Office.cxSnippets.field_name_hint")}
        error={errorAt("name")}
        required
      >
        {(control) => (
          <input
            {...control}
            className={controls.input}
            value={draft.name}
            maxLength={200}
            onChange={(event) => set("name", event.target.value)}
          />
        )}
      </Field>
      <div className={styles.grid}>
        <Field label={t("Office.cxSnippets.field_kind")} error={errorAt("kind")}>
          {(control) => (
            <select
              {...control}
              className={controls.input}
              value={draft.kind}
              onChange={(event) => set("kind", event.target.value)}
            >
              {CX_SNIPPET_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`Office.cxSnippets.kind_${kind}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("Office.cxSnippets.field_tone")} error={errorAt("tone")}>
          {(control) => (
            <select
              {...control}
              className={controls.input}
              value={draft.tone}
              onChange={(event) => set("tone", event.target.value)}
            >
              {CX_SNIPPET_TONES.map((tone) => (
                <option key={tone} value={tone}>
                  {t(`Office.cxSnippets.tone_${tone}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("Office.cxSnippets.field_where")} error={errorAt("location_id")}>
          {(control) => (
            <select
              {...control}
              className={controls.input}
              value={draft.location_id ?? ""}
              onChange={(event) => set("location_id", event.target.value || null)}
            >
              <option value="">{t("Office.cxSnippets.every_location")}</option>
              {me.locations.map((location) => (
                <option key={location.id} value={String(location.id)}>
                  {location.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("Office.cxSnippets.field_starts_at")} error={errorAt("starts_at")}>
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              className={controls.input}
              value={draft.starts_at}
              onChange={(event) => set("starts_at", event.target.value)}
            />
          )}
        </Field>
        <Field label={t("Office.cxSnippets.field_ends_at")} error={errorAt("ends_at")}>
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              className={controls.input}
              value={draft.ends_at}
              onChange={(event) => set("ends_at", event.target.value)}
            />
          )}
        </Field>
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={draft.active}
          onChange={(event) => set("active", event.target.checked)}
        />
        {t("Office.cxSnippets.field_active")}
      </label>
      <Tabs
        label={t("Office.cxSnippets.content_languages")}
        selected={tab}
        onSelect={(id) => setTab(id as Locale)}
        tabs={LOCALES.map((locale) => ({
          id: locale,
          label: LANGUAGE_NAMES[locale],
          lang: locale,
          hasErrors: Boolean(contentError(locale)),
          ...(draft.content[locale]?.trim() ? { note: t("Office.cxSnippets.written") } : {}),
          panel: (
            <div className={styles.form}>
              <Field
                label={t("Office.cxSnippets.field_content", { language: LANGUAGE_NAMES[locale] })}
                hint={t("Office.cxSnippets.content_hint")}
                error={contentError(locale)}
              >
                {(control) => (
                  <textarea
                    {...control}
                    className={controls.input}
                    rows={5}
                    lang={locale}
                    maxLength={CX_SNIPPET_HTML_MAX}
                    value={draft.content[locale] ?? ""}
                    onChange={(event) =>
                      set("content", { ...draft.content, [locale]: event.target.value })
                    }
                  />
                )}
              </Field>
              <section aria-label={t("Office.cxSnippets.preview")} className={styles.preview}>
                <h3>{t("Office.cxSnippets.preview")}</h3>
                <div lang={locale}>
                  <CxSnippetPreview
                    html={draft.content[locale] ?? ""}
                    empty={t("Office.cxSnippets.preview_empty")}
                  />
                </div>
              </section>
            </div>
          ),
        }))}
      />
      <div className={styles.actions}>
        <button
          type="submit"
          className={`${controls.button} ${controls.primary}`}
          aria-disabled={save.isPending || undefined}
        >
          {t("Office.cxSnippets.save")}
        </button>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          onClick={onCancel}
        >
          {t("Office.cxSnippets.cancel")}
        </button>
      </div>
    </form>
  );
}
