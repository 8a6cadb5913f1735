// /manage-features: the vendor's feature flags, each with what it changes, saved together under the
// settings version it was read at. A flag resting on the platform's contract can be turned on by a
// platform admin only (the server refuses anyone else at the flag), and a flag no page reads yet
// says so. A save over someone else's reloads their version and says why.

import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { ROLES } from "../../../shared/domain.ts";
import type { FeatureFlags } from "../../../shared/vendor-settings.ts";
import {
  isVersionConflict,
  type SectionState,
  useSaveSettingsSection,
  useSettingsSection,
} from "../../api/office/settings-sections.ts";
import controls from "../../ui/controls.module.css";
import { ListLoadFailed } from "../../ui/list-states.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import { useStaffSession } from "../shell/staff-session.ts";
import { type FlagInfo, PLATFORM_FLAGS, VISITOR_FLAGS } from "./feature-flags.ts";
import styles from "./feature-flags-page.module.css";

const POINTER = "/data/attributes/";

type Outcome = { kind: "saved" | "conflict"; key: number } | null;

export function FeatureFlagsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `Office.features.${id}` });
  usePageTitle(t("title"));
  const section = useSettingsSection("features");
  // What the last save came to, kept here: a save gives the section a new version, which is a new
  // form (a conflict's reload too, so that it shows the other save's values).
  const [outcome, setOutcome] = useState<Outcome>(null);

  return (
    <section aria-labelledby="features-title" className={styles.page}>
      <h1 id="features-title" className={styles.title}>
        {t("title")}
      </h1>
      <p className={styles.intro}>{t("intro")}</p>
      {section.data ? (
        <FeaturesForm
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
  state: SectionState<"features">;
  outcome: Outcome;
  onOutcome: (outcome: Outcome) => void;
};

function FeaturesForm({ state, outcome, onOutcome }: FormProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `Office.features.${id}` });
  const me = useStaffSession();
  const platformAdmin = me.role.level >= ROLES.platform_admin;
  const [draft, setDraft] = useState<FeatureFlags>(state.value);
  const [errors, setErrors] = useState(new Map<string, string>());
  const [failure, setFailure] = useState<string | null>(() =>
    outcome?.kind === "conflict"
      ? intl.formatMessage({ id: "Office.settings_changed_meanwhile" })
      : null,
  );
  const boxes = useRef(new Map<string, HTMLInputElement>());
  const save = useSaveSettingsSection("features");
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

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
            // The section reloads (a new version, so a new form), which says why.
            onOutcome({ kind: "conflict", key: Date.now() });
            return;
          }
          const byFlag = new Map<string, string>();
          for (const [pointer, detail] of fieldErrorsOf(error))
            if (pointer.startsWith(POINTER)) byFlag.set(pointer.slice(POINTER.length), detail);
          setErrors(byFlag);
          const first = [...VISITOR_FLAGS, ...PLATFORM_FLAGS].find(({ flag }) => byFlag.has(flag));
          if (first) boxes.current.get(first.flag)?.focus();
          else setFailure(describeError(intl, error));
        },
      },
    );
  };

  const flagRow = (info: FlagInfo) => {
    const { flag } = info;
    const id = `flag-${flag}`;
    const error = errors.get(flag);
    // Turning on a platform flag is the platform's; turning one off stays open to the vendor.
    const locked = info.platformOnly && !platformAdmin && !state.value[flag];
    const notes = [
      `${id}-description`,
      info.platformOnly ? `${id}-platform` : null,
      info.inUse ? null : `${id}-unused`,
      error ? `${id}-error` : null,
    ].filter(Boolean);
    return (
      <li key={flag} className={styles.flag}>
        <label className={styles.check} htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={draft[flag]}
            disabled={locked}
            aria-describedby={notes.join(" ")}
            aria-invalid={error ? true : undefined}
            ref={(element) => {
              if (element) boxes.current.set(flag, element);
              else boxes.current.delete(flag);
            }}
            onChange={(event) => setDraft({ ...draft, [flag]: event.target.checked })}
          />
          {t(`flag.${flag}.label`)}
        </label>
        <p id={`${id}-description`} className={styles.description}>
          {t(`flag.${flag}.description`)}
        </p>
        {info.platformOnly && (
          <p id={`${id}-platform`} className={styles.badge}>
            {t("platform_only")}
          </p>
        )}
        {!info.inUse && (
          <p id={`${id}-unused`} className={styles.badge}>
            {t("not_in_use")}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className={styles.error}>
            {error}
          </p>
        )}
      </li>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <div ref={alertRef} tabIndex={-1} role="alert">
        {failure && <p className={controls.alert}>{failure}</p>}
      </div>
      <section aria-labelledby="features-visitors" className={styles.card}>
        <h2 id="features-visitors" className={styles.heading}>
          {t("group_visitors")}
        </h2>
        <ul className={styles.list}>{VISITOR_FLAGS.map(flagRow)}</ul>
      </section>
      <section aria-labelledby="features-platform" className={styles.card}>
        <h2 id="features-platform" className={styles.heading}>
          {t("group_platform")}
        </h2>
        <p className={styles.hint}>{t("group_platform_hint")}</p>
        <ul className={styles.list}>{PLATFORM_FLAGS.map(flagRow)}</ul>
      </section>
      <div className={styles.actions}>
        <button
          type="submit"
          className={`${controls.button} ${controls.primary}`}
          aria-disabled={save.isPending || undefined}
        >
          {save.isPending ? t("saving") : t("save")}
        </button>
        <p role="status" className={styles.statusLine}>
          {outcome?.kind === "saved" && <span key={outcome.key}>{t("saved")}</span>}
        </p>
      </div>
    </form>
  );
}
