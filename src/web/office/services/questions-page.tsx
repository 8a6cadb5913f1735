// /services/questions: the custom questions visitors answer, in the order the form asks them, with
// their type, whether they are required and which services ask them; up/down reorder them (each
// move saves both questions' places), a toggle shows the archived ones.
import { useState } from "react";
import { useIntl } from "react-intl";
import {
  type QuestionAdminResource,
  useQuestionsAdmin,
  useSaveQuestion,
  useServicesAdmin,
} from "../../api/office/services-admin.ts";
import { Link } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError } from "../forms/describe-error.ts";
import { paths } from "../office-paths.ts";
import { MoveButtons, moved } from "./move-buttons.tsx";
import styles from "./services.module.css";

type Outcome = { kind: "notice" | "alert"; text: string; key: number };

export function QuestionsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const title = t("Office.questions.title");
  usePageTitle(title);
  const [archived, setArchived] = useState(false);
  const questions = useQuestionsAdmin(archived ? "true" : "false");
  const services = useServicesAdmin("all");
  const save = useSaveQuestion();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const list = questions.data ?? [];
  const serviceName = (id: string) =>
    services.data?.find((service) => service.id === id)?.attributes.name ?? id;

  async function move(all: readonly QuestionAdminResource[], from: number, to: number) {
    if (save.isPending) return;
    const next = moved(all, from, to);
    try {
      // Every question whose place changed is saved with its new place.
      for (const [index, question] of next.entries()) {
        if (question.attributes.sort_order === index) continue;
        await save.mutateAsync({
          id: question.id,
          version: question.attributes.version,
          attributes: { sort_order: index },
        });
      }
      setOutcome({
        kind: "notice",
        text: t("Office.services.moved", {
          name: all[from]?.attributes.label ?? "",
          position: to + 1,
        }),
        key: Date.now(),
      });
    } catch (error) {
      setOutcome({ kind: "alert", text: describeError(intl, error), key: Date.now() });
    }
  }

  return (
    <section aria-labelledby="questions-title" className={styles.page}>
      <p>
        <Link to={paths.services()}>{t("Office.services.back")}</Link>
      </p>
      <h1 id="questions-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.intro}>{t("Office.questions.intro")}</p>
      <div className={styles.actions}>
        <Link to={paths.question("new")} className={`${controls.button} ${controls.primary}`}>
          {t("Office.questions.add")}
        </Link>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={archived}
            onChange={(event) => setArchived(event.target.checked)}
          />
          {t("Office.questions.show_archived")}
        </label>
      </div>
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
      <div className={styles.card}>
        {questions.isPending ? (
          <p className={styles.meta}>{t("Office.services.loading")}</p>
        ) : list.length === 0 ? (
          <p className={styles.meta}>{t("Office.questions.none")}</p>
        ) : (
          <ul className={styles.list}>
            {list.map((question, index) => {
              const a = question.attributes;
              return (
                <li key={question.id} className={styles.row}>
                  <div className={styles.rowMain}>
                    <Link to={paths.question(question.id)} className={styles.rowName}>
                      {a.label}
                    </Link>
                    <span className={styles.meta}>
                      {[
                        t(`Office.questions.type_${a.type}`),
                        a.required
                          ? t("Office.questions.required")
                          : t("Office.questions.optional"),
                        a.service_ids.length === 0
                          ? t("Office.services.asked_everywhere")
                          : a.service_ids.map(serviceName).join(", "),
                      ].join(" · ")}
                    </span>
                  </div>
                  {!archived && (
                    <div className={styles.rowActions}>
                      <MoveButtons
                        name={a.label}
                        index={index}
                        count={list.length}
                        disabled={save.isPending}
                        onMove={(from, to) => void move(list, from, to)}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
