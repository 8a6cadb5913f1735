// /services/questions/{id} ("new" for a new one): a custom question's editor — type, label, help
// text, required, options (add, rename, move, remove: a removed option with answers is kept for
// their sake), translations, the services that ask it, archive — beside a live preview of how the
// visitor's form shows it, and its history below.
import { type FormEvent, useId, useRef } from "react";
import { useIntl } from "react-intl";
import type { QuestionAdminAttributes } from "../../../shared/contracts/question-admin.ts";
import { QUESTION_TYPES, type QuestionType } from "../../../shared/domain.ts";
import {
  useQuestionAdmin,
  useSaveQuestion,
  useServicesAdmin,
} from "../../api/office/services-admin.ts";
import { Link, useParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { FormActions } from "../../ui/form-actions.tsx";
import { SaveOutcome } from "../../ui/save-outcome.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { AuditTrail } from "../audit/audit-trail.tsx";
import { describeError } from "../forms/describe-error.ts";
import { savedText, useAdminForm } from "../forms/use-admin-form.ts";
import { paths } from "../office-paths.ts";
import { MoveButtons, moved } from "./move-buttons.tsx";
import { type QuestionDraft, QuestionPreview } from "./question-preview.tsx";
import styles from "./services.module.css";
import { TranslationFields } from "./translation-fields.tsx";

const CHOICE = new Set<QuestionType>(["checkbox", "radio", "select"]);

type Draft = QuestionDraft & { service_ids: string[] };

let optionKeys = 0;
const nextKey = () => {
  optionKeys += 1;
  return `new-${optionKeys}`;
};

const draftOf = (a: QuestionAdminAttributes): Draft => ({
  type: a.type,
  label: a.label,
  help_text: a.help_text ?? "",
  required: a.required,
  translations: a.translations,
  options: a.options.map((option) => ({
    id: option.id,
    key: option.id,
    text: option.text,
    translations: option.translations,
  })),
  service_ids: a.service_ids,
});

const EMPTY: Draft = {
  type: "radio",
  label: "",
  help_text: "",
  required: false,
  translations: [],
  options: [],
  service_ids: [],
};

export const QUESTION_LABELS: Record<string, string> = {
  type: "Office.questions.field_type",
  label: "Office.questions.field_label",
  help_text: "Office.questions.field_help",
  required: "Office.questions.field_required",
  sort_order: "Office.services.field_order",
  translations: "Office.services.translations_label",
  options: "Office.questions.options_legend",
  service_ids: "Office.questions.services_legend",
  archived: "Office.services.field_archived",
};

export function QuestionEditorPage() {
  const { id } = useParams();
  const questionId = id && id !== "new" ? id : null;
  const existing = useQuestionAdmin(questionId);
  const intl = useIntl();
  if (questionId && !existing.data) {
    return (
      <p className={styles.meta} role={existing.isError ? "alert" : "status"}>
        {existing.error
          ? describeError(intl, existing.error)
          : intl.formatMessage({ id: "Office.services.loading" })}
      </p>
    );
  }
  return (
    <QuestionEditor
      key={questionId ?? "new"}
      questionId={questionId}
      stored={existing.data?.attributes ?? null}
    />
  );
}

function QuestionEditor({
  questionId,
  stored,
}: {
  questionId: string | null;
  stored: QuestionAdminAttributes | null;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const title = stored ? stored.label : t("Office.questions.new_title");
  usePageTitle(title);
  const form = useAdminForm({
    stored,
    draftOf,
    empty: () => EMPTY,
    comparable: (draft: Draft) => ({ ...draft, help_text: draft.help_text || null }),
    ignore: ["archived", "sort_order", "options"],
    labels: QUESTION_LABELS,
  });
  const { draft, set } = form;
  const services = useServicesAdmin("false");
  const save = useSaveQuestion();
  const ids = useId();
  const optionsRef = useRef<HTMLOListElement>(null);
  const choice = CHOICE.has(draft.type);
  const setOption = (index: number, text: string) =>
    set(
      "options",
      draft.options.map((option, i) => (i === index ? { ...option, text } : option)),
    );

  function addOption() {
    set("options", [...draft.options, { key: nextKey(), text: "", translations: [] }]);
    // The new option's text field takes focus, ready to type.
    requestAnimationFrame(() => {
      const inputs = optionsRef.current?.querySelectorAll<HTMLInputElement>("input[data-option]");
      inputs?.[inputs.length - 1]?.focus();
    });
  }

  function submit(event: FormEvent, archived?: boolean) {
    event.preventDefault();
    if (save.isPending) return;
    const attributes = {
      type: draft.type,
      label: draft.label,
      help_text: draft.help_text.trim() ? draft.help_text : null,
      required: draft.required,
      translations: draft.translations,
      options: choice
        ? draft.options.map((option) => ({
            ...(option.id ? { id: option.id } : {}),
            text: option.text,
            translations: option.translations,
          }))
        : [],
      service_ids: draft.service_ids,
      ...(archived === undefined ? {} : { archived }),
    };
    const request =
      questionId && stored
        ? { id: questionId, version: form.baseVersion, attributes }
        : { id: null, attributes };
    save.mutate(
      request,
      form.outcome(
        (question) =>
          t(savedText(archived, "Office.services"), { name: question.attributes.label }),
        questionId ? undefined : (question) => paths.question(question.id),
      ),
    );
  }

  return (
    <section aria-labelledby={`${ids}-title`} className={styles.page}>
      <p>
        <Link to={paths.questions()}>{t("Office.questions.back")}</Link>
      </p>
      <h1 id={`${ids}-title`} className={styles.title}>
        {title}
        {stored?.archived && (
          <span className={styles.badge}>{t("Office.services.archived_badge")}</span>
        )}
      </h1>
      <SaveOutcome {...form.outcomeProps} />
      <div className={styles.twoColumns}>
        <form className={styles.form} onSubmit={(event) => submit(event)} noValidate>
          <div className={styles.card}>
            <div className={styles.grid}>
              <Field label={t("Office.questions.field_type")} error={form.errorAt("type")}>
                {(control) => (
                  <select
                    {...control}
                    className={controls.input}
                    value={draft.type}
                    onChange={(event) => set("type", event.target.value as QuestionType)}
                  >
                    {QUESTION_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`Office.questions.type_${type}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <div>
                <label className={styles.check}>
                  <input
                    type="checkbox"
                    checked={draft.required}
                    onChange={(event) => set("required", event.target.checked)}
                  />
                  {t("Office.questions.field_required")}
                </label>
              </div>
            </div>
            <Field label={t("Office.questions.field_label")} error={form.errorAt("label")} required>
              {(control) => (
                <input
                  {...control}
                  className={controls.input}
                  value={draft.label}
                  onChange={(event) => set("label", event.target.value)}
                />
              )}
            </Field>
            <Field
              label={t("Office.questions.field_help")}
              hint={t("Office.questions.field_help_hint")}
              error={form.errorAt("help_text")}
            >
              {(control) => (
                <input
                  {...control}
                  className={controls.input}
                  value={draft.help_text}
                  onChange={(event) => set("help_text", event.target.value)}
                />
              )}
            </Field>
            <TranslationFields
              fields={[
                { field: "label", label: t("Office.questions.field_label") },
                { field: "help_text", label: t("Office.questions.field_help") },
              ]}
              value={draft.translations}
              onChange={(next) => set("translations", next)}
              error={form.errorAt("translations")}
            />
          </div>
          {choice ? (
            <fieldset className={`${styles.card} ${styles.fieldset}`}>
              <legend>{t("Office.questions.options_legend")}</legend>
              <p className={styles.meta}>{t("Office.questions.options_hint")}</p>
              {form.errorAt("options") && <p className={styles.error}>{form.errorAt("options")}</p>}
              <ol className={styles.list} ref={optionsRef}>
                {draft.options.map((option, index) => (
                  <li key={option.key} className={styles.option}>
                    <Field
                      label={t("Office.questions.option_n", { n: index + 1 })}
                      error={form.errorAt(`options/${index}`)}
                      required
                    >
                      {(control) => (
                        <input
                          {...control}
                          data-option
                          className={controls.input}
                          value={option.text}
                          onChange={(event) => setOption(index, event.target.value)}
                        />
                      )}
                    </Field>
                    <MoveButtons
                      name={option.text || t("Office.questions.option_n", { n: index + 1 })}
                      index={index}
                      count={draft.options.length}
                      onMove={(from, to) => set("options", moved(draft.options, from, to))}
                    />
                    <TranslationFields
                      fields={[
                        { field: "text", label: t("Office.questions.option_n", { n: index + 1 }) },
                      ]}
                      value={option.translations}
                      onChange={(next) =>
                        set(
                          "options",
                          draft.options.map((other, i) =>
                            i === index ? { ...other, translations: next } : other,
                          ),
                        )
                      }
                      error={form.errorAt(`options/${index}/translations`)}
                    />
                    <button
                      type="button"
                      className={`${controls.button} ${controls.quiet}`}
                      onClick={() =>
                        set(
                          "options",
                          draft.options.filter((_, i) => i !== index),
                        )
                      }
                    >
                      {t("Office.questions.remove_option", {
                        name: option.text || t("Office.questions.option_n", { n: index + 1 }),
                      })}
                    </button>
                  </li>
                ))}
              </ol>
              <button
                type="button"
                className={`${controls.button} ${controls.secondary}`}
                onClick={addOption}
              >
                {t("Office.questions.add_option")}
              </button>
            </fieldset>
          ) : (
            <p className={styles.meta}>{t("Office.questions.text_no_options")}</p>
          )}
          <fieldset className={`${styles.card} ${styles.fieldset}`}>
            <legend>{t("Office.questions.services_legend")}</legend>
            <p className={styles.meta}>{t("Office.questions.services_hint")}</p>
            {form.errorAt("service_ids") && (
              <p className={styles.error}>{form.errorAt("service_ids")}</p>
            )}
            <div className={styles.scroll}>
              {(services.data ?? []).map((service) => (
                <label key={service.id} className={styles.check}>
                  <input
                    type="checkbox"
                    checked={draft.service_ids.includes(service.id)}
                    onChange={(event) =>
                      set(
                        "service_ids",
                        event.target.checked
                          ? [...draft.service_ids, service.id]
                          : draft.service_ids.filter((id) => id !== service.id),
                      )
                    }
                  />
                  {service.attributes.name}
                </label>
              ))}
            </div>
          </fieldset>
          <FormActions
            submitLabel={questionId ? t("Office.services.save") : t("Office.questions.create")}
            pending={save.isPending}
            archive={
              questionId && stored
                ? {
                    archived: stored.archived,
                    archiveLabel: t("Office.questions.archive"),
                    restoreLabel: t("Office.services.restore"),
                    onToggle: (event) => submit(event, !stored.archived),
                  }
                : undefined
            }
          />
        </form>
        <QuestionPreview draft={choice ? draft : { ...draft, options: [] }} />
      </div>
      {questionId && (
        <AuditTrail
          subjectType="question"
          subjectId={questionId}
          labelOf={(attribute) => {
            const id = QUESTION_LABELS[attribute];
            return id ? t(id) : undefined;
          }}
        />
      )}
    </section>
  );
}
