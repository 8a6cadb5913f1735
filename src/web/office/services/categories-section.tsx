// The vendor's service categories on the services page: add one, rename it (its translations with
// it), move it up or down, archive or restore it. Each save names the version it edited.
import { type FormEvent, useState } from "react";
import { useIntl } from "react-intl";
import type { TranslationValue } from "../../../shared/contracts/service-admin.ts";
import {
  type ServiceCategoryResource,
  useSaveCategory,
  useServiceCategories,
} from "../../api/office/services-admin.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { errorAt, type SaveProblem, saveProblemOf } from "../forms/save-problem.ts";
import { MoveButtons } from "./move-buttons.tsx";
import styles from "./services.module.css";
import { TranslationFields } from "./translation-fields.tsx";

type Outcome = { kind: "notice" | "alert"; text: string; key: number };

export function CategoriesSection() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const categories = useServiceCategories();
  const save = useSaveCategory();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const list = categories.data ?? [];

  const done = (text: string) => setOutcome({ kind: "notice", text, key: Date.now() });
  const failed = (error: unknown) => {
    const found = saveProblemOf(intl, error);
    setOutcome({
      kind: "alert",
      text: errorAt(found, "name") ?? found.message,
      key: Date.now(),
    });
  };

  function add(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate(
      { id: null, attributes: { name } },
      {
        onSuccess: (created) => {
          setName("");
          setProblem(null);
          done(t("Office.services.category_added", { name: created.attributes.name }));
        },
        onError: (error) => setProblem(saveProblemOf(intl, error)),
      },
    );
  }

  function move(from: number, to: number) {
    const a = list[from];
    const b = list[to];
    if (!a || !b || save.isPending) return;
    // Two categories swap places: each gets the other's position in the list.
    save.mutate(
      { id: a.id, version: a.attributes.version, attributes: { sort_order: to } },
      {
        onSuccess: () =>
          save.mutate(
            { id: b.id, version: b.attributes.version, attributes: { sort_order: from } },
            {
              onSuccess: () =>
                done(t("Office.services.moved", { name: a.attributes.name, position: to + 1 })),
              onError: failed,
            },
          ),
        onError: failed,
      },
    );
  }

  return (
    <section aria-labelledby="categories-title" className={styles.card}>
      <h2 id="categories-title">{t("Office.services.categories_heading")}</h2>
      <p className={styles.meta}>{t("Office.services.categories_intro")}</p>
      <div role="status" className={styles.region}>
        {outcome?.kind === "notice" && (
          <p key={outcome.key} className={controls.notice}>
            {outcome.text}
          </p>
        )}
      </div>
      <div role="alert" className={styles.region}>
        {outcome?.kind === "alert" && (
          <p key={outcome.key} className={controls.alert}>
            {outcome.text}
          </p>
        )}
      </div>
      <ul className={styles.list}>
        {list.map((category, index) => (
          <CategoryRow
            key={`${category.id}:${category.attributes.version}`}
            category={category}
            index={index}
            count={list.length}
            busy={save.isPending}
            onMove={move}
            onSave={(attributes, message) =>
              save.mutate(
                { id: category.id, version: category.attributes.version, attributes },
                { onSuccess: () => done(message), onError: failed },
              )
            }
          />
        ))}
      </ul>
      <form onSubmit={add} className={styles.option} noValidate>
        <Field label={t("Office.services.new_category")} error={errorAt(problem, "name")} required>
          {(control) => (
            <input
              {...control}
              className={controls.input}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <button
          type="submit"
          className={`${controls.button} ${controls.secondary}`}
          disabled={save.isPending}
        >
          {t("Office.services.add_category")}
        </button>
      </form>
    </section>
  );
}

type RowProps = {
  category: ServiceCategoryResource;
  index: number;
  count: number;
  busy: boolean;
  onMove: (from: number, to: number) => void;
  onSave: (
    attributes: { name?: string; translations?: TranslationValue[]; archived?: boolean },
    message: string,
  ) => void;
};

function CategoryRow({ category, index, count, busy, onMove, onSave }: RowProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const a = category.attributes;
  const [name, setName] = useState(a.name);
  const [translations, setTranslations] = useState<TranslationValue[]>(a.translations);
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <Field label={t("Office.services.category_name", { name: a.name })}>
          {(control) => (
            <input
              {...control}
              className={controls.input}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        {a.archived && <span className={styles.badge}>{t("Office.services.archived_badge")}</span>}
        <TranslationFields
          fields={[{ field: "name", label: t("Office.services.field_name") }]}
          value={translations}
          onChange={setTranslations}
        />
      </div>
      <div className={styles.rowActions}>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          disabled={busy}
          onClick={() =>
            onSave({ name, translations }, t("Office.services.category_saved", { name }))
          }
        >
          {t("Office.services.save_category", { name: a.name })}
        </button>
        <button
          type="button"
          className={`${controls.button} ${controls.quiet}`}
          disabled={busy}
          onClick={() =>
            onSave(
              { archived: !a.archived },
              t(a.archived ? "Office.services.restored" : "Office.services.archived", {
                name: a.name,
              }),
            )
          }
        >
          {a.archived
            ? t("Office.services.restore_named", { name: a.name })
            : t("Office.services.archive_named", { name: a.name })}
        </button>
        <MoveButtons name={a.name} index={index} count={count} disabled={busy} onMove={onMove} />
      </div>
    </li>
  );
}
