// "Merge a duplicate": suggests the clients sharing this one's email, phone or name (a search
// finds others), shows the chosen duplicate beside this client, and merges on confirmation — the
// duplicate's visits, appointments and messages join this client, whose empty contact fields take
// the duplicate's (docs/clients.md "Merging").
import { useId, useMemo, useState } from "react";
import { useIntl } from "react-intl";
import { type ClientResource, useClientSearch, useMergeClient } from "../../api/office/clients.ts";
import controls from "../../ui/controls.module.css";
import { ModalDialog } from "../../ui/modal-dialog.tsx";
import { describeError } from "../forms/describe-error.ts";
import { formatClientTime, fullName } from "./client-format.ts";
import styles from "./clients.module.css";

type Props = {
  isOpen: boolean;
  client: ClientResource;
  onClose: () => void;
  onMerged: (duplicateName: string) => void;
};

export function MergeClientDialog({ isOpen, client, onClose, onMerged }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <ModalDialog isOpen={isOpen} onClose={onClose} title={t("Clients.merge_title")} size="large">
      {isOpen && <MergeSteps client={client} onClose={onClose} onMerged={onMerged} />}
    </ModalDialog>
  );
}

function MergeSteps({ client, onClose, onMerged }: Omit<Props, "isOpen">) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const a = client.attributes;
  const [term, setTerm] = useState("");
  const [chosen, setChosen] = useState<ClientResource | null>(null);
  const merge = useMergeClient(client.id);
  const searchId = useId();
  // Suggestions: the same email, the same phone, the same name; a typed term replaces them.
  const byEmail = useClientSearch(a.email ?? "", { enabled: term === "" && !!a.email });
  const byPhone = useClientSearch(a.cell_phone ?? "", { enabled: term === "" && !!a.cell_phone });
  const byName = useClientSearch(fullName(a), { enabled: term === "" });
  const typed = useClientSearch(term.trim(), { enabled: term.trim() !== "" });
  const candidates = useMemo(() => {
    const sources = term.trim() !== "" ? [typed] : [byEmail, byPhone, byName];
    const seen = new Map<string, ClientResource>();
    for (const source of sources) {
      for (const page of source.data?.pages ?? []) {
        for (const row of page.data) if (row.id !== client.id) seen.set(row.id, row);
      }
    }
    return [...seen.values()];
  }, [term, typed, byEmail, byPhone, byName, client.id]);
  const loading = (term.trim() !== "" ? [typed] : [byName]).some((q) => q.isFetching);

  if (chosen) {
    return (
      <div className={styles.page}>
        <p>{t("Clients.merge_explain")}</p>
        <div className={styles.sideBySide}>
          <ClientFacts title={t("Clients.merge_keep")} client={client} />
          <ClientFacts title={t("Clients.merge_duplicate")} client={chosen} />
        </div>
        {merge.isError && (
          <p className={controls.alert} role="alert">
            {describeError(intl, merge.error)}
          </p>
        )}
        <div className={styles.actions}>
          <button
            type="button"
            className={`${controls.button} ${controls.danger}`}
            aria-disabled={merge.isPending || undefined}
            onClick={() => {
              if (merge.isPending) return;
              merge.mutate(
                { version: a.version, duplicateId: chosen.id },
                { onSuccess: () => onMerged(fullName(chosen.attributes)) },
              );
            }}
          >
            {t("Clients.merge_confirm")}
          </button>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => {
              merge.reset();
              setChosen(null);
            }}
          >
            {t("Clients.merge_back")}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <p>{t("Clients.merge_hint", { name: fullName(a) })}</p>
      <label htmlFor={searchId}>{t("Clients.merge_search")}</label>
      <input
        id={searchId}
        type="search"
        className={controls.input}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      <h3>{t(term.trim() ? "Clients.merge_results" : "Clients.merge_suggestions")}</h3>
      <div role="status" aria-live="polite">
        {loading
          ? t("Clients.loading")
          : candidates.length === 0
            ? t("Clients.merge_none")
            : t("Clients.count", { count: candidates.length })}
      </div>
      <ul className={styles.list}>
        {candidates.map((candidate) => (
          <li key={candidate.id} className={styles.item}>
            <span>
              <strong>{fullName(candidate.attributes)}</strong>{" "}
              <span className={styles.muted}>
                {[
                  candidate.attributes.email,
                  candidate.attributes.cell_phone_formatted,
                  candidate.attributes.last_seen_at
                    ? formatClientTime(intl, candidate.attributes.last_seen_at)
                    : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </span>
            <span>
              <button
                type="button"
                className={`${controls.button} ${controls.secondary}`}
                onClick={() => setChosen(candidate)}
                aria-label={t("Clients.merge_choose_name", {
                  name: fullName(candidate.attributes),
                })}
              >
                {t("Clients.merge_choose")}
              </button>
            </span>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          onClick={onClose}
        >
          {t("Clients.cancel")}
        </button>
      </div>
    </div>
  );
}

function ClientFacts({ title, client }: { title: string; client: ClientResource }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const a = client.attributes;
  const dash = (value: string | null) => value ?? "—";
  return (
    <section className={styles.panel} aria-label={title}>
      <h3>{title}</h3>
      <dl className={styles.facts}>
        <dt>{t("Clients.name")}</dt>
        <dd>{fullName(a)}</dd>
        <dt>{t("Clients.email")}</dt>
        <dd>{dash(a.email)}</dd>
        <dt>{t("Clients.phone")}</dt>
        <dd>{dash(a.cell_phone_formatted)}</dd>
        <dt>{t("Clients.external_id")}</dt>
        <dd>{dash(a.external_id)}</dd>
        <dt>{t("Clients.visits")}</dt>
        <dd>{intl.formatNumber(a.visits)}</dd>
        <dt>{t("Clients.appointments")}</dt>
        <dd>{intl.formatNumber(a.appointments)}</dd>
        <dt>{t("Clients.last_seen")}</dt>
        <dd>{a.last_seen_at ? formatClientTime(intl, a.last_seen_at) : t("Clients.never_seen")}</dd>
      </dl>
    </section>
  );
}
