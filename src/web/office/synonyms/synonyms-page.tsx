// /synonyms-management: the vendor's own words for the messages visitors see, per language. A
// search by the message's wording or key narrows the list; each message shows the product's
// wording, the vendor's (empty: the product's) and a preview with sample values. All languages'
// changes are saved together under the settings version they were read at: the server refuses a
// wording that loses a placeholder or is not valid ICU at its message, and a save over someone
// else's reloads their version and says why. Language and search live in the address.

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { LOCALES, type Locale } from "../../../shared/domain.ts";
import type { VendorSettings } from "../../../shared/vendor-settings.ts";
import {
  isVersionConflict,
  type SectionState,
  useSaveSettingsSection,
  useSettingsSection,
} from "../../api/office/settings-sections.ts";
import { LANGUAGE_NAMES } from "../../i18n/language-names.ts";
import { useSearchParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { ListLoadFailed } from "../../ui/list-states.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import { loadVisitorMessages, type ProductMessage } from "./synonym-catalog.ts";
import { previewOf } from "./synonym-preview.ts";
import styles from "./synonyms-page.module.css";

type Synonyms = VendorSettings["synonyms"];

/** The most messages listed at once: a search finds the others. */
const SHOWN = 40;
const POINTER = "/data/attributes/";

type Outcome = { kind: "saved" | "conflict"; key: number } | null;

const isLocale = (value: string | null): value is Locale =>
  (LOCALES as readonly string[]).includes(value ?? "");

export function SynonymsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `Office.synonyms.${id}` });
  usePageTitle(t("title"));
  const section = useSettingsSection("synonyms");
  // What the last save came to, kept here: a save gives the section a new version, which is a new
  // form (a conflict's reload too, so that it shows the other save's values).
  const [outcome, setOutcome] = useState<Outcome>(null);

  return (
    <section aria-labelledby="synonyms-title" className={styles.page}>
      <h1 id="synonyms-title" className={styles.title}>
        {t("title")}
      </h1>
      <p className={styles.intro}>{t("intro")}</p>
      {section.data ? (
        <SynonymsForm
          key={section.data.version}
          state={section.data}
          outcome={outcome}
          onOutcome={setOutcome}
        />
      ) : section.isError ? (
        <ListLoadFailed message={t("load_failed")} onRetry={() => section.refetch()} />
      ) : (
        <p role="status" className={styles.status}>
          {intl.formatMessage({ id: "Office.loading" })}
        </p>
      )}
    </section>
  );
}

type FormProps = {
  state: SectionState<"synonyms">;
  outcome: Outcome;
  onOutcome: (outcome: Outcome) => void;
};

/** The entries of `draft` that differ from `saved`, counted over every language. */
function changesBetween(saved: Synonyms, draft: Synonyms): number {
  let count = 0;
  for (const locale of LOCALES) {
    const before = saved[locale] ?? {};
    const after = draft[locale] ?? {};
    for (const id of new Set([...Object.keys(before), ...Object.keys(after)]))
      if (before[id] !== after[id]) count += 1;
  }
  return count;
}

/** "/data/attributes/es/Form.submit_join" → "es/Form.submit_join" (RFC 6901 escapes undone). */
const entryKey = (pointer: string) =>
  pointer.slice(POINTER.length).replaceAll("~1", "/").replaceAll("~0", "~");

function SynonymsForm({ state, outcome, onOutcome }: FormProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `Office.synonyms.${id}` }, values);
  const [params, setParams] = useSearchParams();
  const requested = params.get("lang");
  const lang: Locale = isLocale(requested) ? requested : isLocale(intl.locale) ? intl.locale : "en";
  const query = params.get("q") ?? "";
  const [onlyOwn, setOnlyOwn] = useState(false);
  const [draft, setDraft] = useState<Synonyms>(state.value);
  const [errors, setErrors] = useState(new Map<string, string>());
  const [failure, setFailure] = useState<string | null>(() =>
    outcome?.kind === "conflict"
      ? intl.formatMessage({ id: "Office.settings_changed_meanwhile" })
      : null,
  );
  const alertRef = useRef<HTMLDivElement>(null);
  const fields = useRef(new Map<string, HTMLTextAreaElement>());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const save = useSaveSettingsSection("synonyms");
  const catalog = useQuery({
    queryKey: ["synonym-catalog", lang],
    queryFn: () => loadVisitorMessages(lang),
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);
  // A refused entry may be in another language: the list shows it once that language is in.
  useEffect(() => {
    if (focusKey === null) return;
    const field = fields.current.get(focusKey);
    if (!field) return;
    field.focus();
    setFocusKey(null);
  });

  const own = draft[lang] ?? {};
  const matches = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    const list: ProductMessage[] = catalog.data ?? [];
    const found = list.filter(
      ({ id, text }) =>
        (!onlyOwn || (state.value[lang]?.[id] ?? own[id]) !== undefined) &&
        (needle === "" ||
          id.toLocaleLowerCase().includes(needle) ||
          text.toLocaleLowerCase().includes(needle) ||
          (own[id] ?? "").toLocaleLowerCase().includes(needle)),
    );
    // Refused entries come first, whatever the search, so that each can be fixed.
    const refused = list.filter(({ id }) => errors.has(`${lang}/${id}`));
    return [...refused, ...found.filter(({ id }) => !errors.has(`${lang}/${id}`))];
  }, [catalog.data, query, onlyOwn, own, errors, lang, state.value]);
  const changes = changesBetween(state.value, draft);

  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "") next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const setWording = (id: string, text: string) => {
    const next = { ...own };
    // An empty wording gives the message back to the product.
    if (text.trim() === "") delete next[id];
    else next[id] = text;
    setDraft({ ...draft, [lang]: next });
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    onOutcome(null);
    setFailure(null);
    save.mutate(
      { version: state.version, value: draft },
      {
        onSuccess: () => {
          setErrors(new Map());
          onOutcome({ kind: "saved", key: Date.now() });
        },
        onError: (error) => {
          if (isVersionConflict(error)) {
            onOutcome({ kind: "conflict", key: Date.now() });
            return;
          }
          const byEntry = new Map<string, string>();
          for (const [pointer, detail] of fieldErrorsOf(error))
            if (pointer.startsWith(POINTER)) byEntry.set(entryKey(pointer), detail);
          setErrors(byEntry);
          const first =
            [...byEntry.keys()].find((key) => key.startsWith(`${lang}/`)) ?? [...byEntry.keys()][0];
          if (!first) {
            setFailure(describeError(intl, error));
            return;
          }
          setFailure(t("refused"));
          const firstLang = first.slice(0, first.indexOf("/"));
          if (firstLang !== lang) setParam("lang", firstLang);
          setFocusKey(first);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <div ref={alertRef} tabIndex={-1} role="alert">
        {failure && <p className={controls.alert}>{failure}</p>}
      </div>
      <div className={styles.filters}>
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
        <Field label={t("search")} hint={t("search_hint")}>
          {(control) => (
            <input
              {...control}
              type="search"
              className={controls.input}
              value={query}
              onChange={(event) => setParam("q", event.target.value)}
            />
          )}
        </Field>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={onlyOwn}
            onChange={(event) => setOnlyOwn(event.target.checked)}
          />{" "}
          {t("only_own")}
        </label>
      </div>

      {catalog.isError ? (
        <ListLoadFailed message={t("load_failed")} onRetry={() => catalog.refetch()} />
      ) : !catalog.data ? (
        <p role="status" className={styles.status}>
          {intl.formatMessage({ id: "Office.loading" })}
        </p>
      ) : (
        <>
          <p role="status" className={styles.count}>
            {t("results", { count: matches.length })}
            {matches.length > SHOWN && ` ${t("more", { shown: SHOWN })}`}
          </p>
          <ul className={styles.list} lang={lang}>
            {matches.slice(0, SHOWN).map((message) => (
              <SynonymEntry
                key={message.id}
                message={message}
                lang={lang}
                wording={own[message.id] ?? ""}
                error={errors.get(`${lang}/${message.id}`)}
                register={(element) => {
                  const key = `${lang}/${message.id}`;
                  if (element) fields.current.set(key, element);
                  else fields.current.delete(key);
                }}
                onChange={(text) => setWording(message.id, text)}
              />
            ))}
          </ul>
        </>
      )}

      <div className={styles.actions}>
        <button
          type="submit"
          className={`${controls.button} ${controls.primary}`}
          aria-disabled={save.isPending || undefined}
        >
          {save.isPending ? t("saving") : t("save")}
        </button>
        <p className={styles.unsaved}>{changes > 0 && t("unsaved", { count: changes })}</p>
        <p role="status" className={styles.statusLine}>
          {outcome?.kind === "saved" && <span key={outcome.key}>{t("saved")}</span>}
        </p>
      </div>
    </form>
  );
}

type EntryProps = {
  message: ProductMessage;
  lang: Locale;
  wording: string;
  error: string | undefined;
  register: (element: HTMLTextAreaElement | null) => void;
  onChange: (text: string) => void;
};

function SynonymEntry({ message, lang, wording, error, register, onChange }: EntryProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `Office.synonyms.${id}` }, values);
  const base = `synonym-${message.id.replaceAll(".", "-")}`;
  const preview = previewOf(wording.trim() === "" ? message.text : wording, lang);
  const described = [`${base}-original`, `${base}-hint`, error ? `${base}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <li className={styles.entry}>
      <h2 className={styles.key} id={`${base}-key`}>
        <code>{message.id}</code>
      </h2>
      <p className={styles.original} id={`${base}-original`}>
        <span className={styles.label}>{t("original")}:</span> {message.text}
      </p>
      <label className={styles.label} htmlFor={`${base}-text`}>
        {t("yours")}
      </label>
      <textarea
        id={`${base}-text`}
        ref={register}
        className={`${controls.input} ${styles.text}`}
        rows={2}
        value={wording}
        aria-describedby={described}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className={styles.hint} id={`${base}-hint`}>
        {t("yours_hint")}
      </p>
      {error && (
        <p className={styles.error} id={`${base}-error`}>
          {error}
        </p>
      )}
      <p className={styles.preview}>
        {preview === null ? t("preview_unavailable") : t("preview", { text: preview })}
      </p>
      {wording !== "" && (
        <button
          type="button"
          className={`${controls.button} ${controls.quiet}`}
          aria-describedby={`${base}-key`}
          onClick={() => onChange("")}
        >
          {t("reset")}
        </button>
      )}
    </li>
  );
}
