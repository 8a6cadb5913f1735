// The state every back-office form of one versioned object keeps, in one place: the draft, the
// version it was edited from, what the last save said (saved, refused by field, or overtaken by
// another person's save), and what SaveOutcome needs to show it. A save names the version its
// draft came from, so another person's save in between is a 409 until this person has seen it
// (loaded theirs, or chosen to keep their own).
import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { useLocation, useNavigate } from "../../routing/routing.tsx";
import { changedNames, errorAt, type SaveProblem, saveProblemOf } from "./save-problem.ts";

type Versioned = { version: number };
type SavedObject<A> = { id: string; attributes: A };

type Options<Draft, A extends Versioned> = {
  /** the object as loaded; null on the page that creates one */
  stored: A | null;
  draftOf: (attributes: A) => Draft;
  /** the draft of a new object */
  empty: () => Draft;
  /** the draft as the server would store it, to compare with another person's version */
  comparable: (draft: Draft) => Record<string, unknown>;
  /** attributes a 409 does not list as changed (besides version and created_at) */
  ignore?: readonly string[];
  /** message ids of the attributes' labels, for the list of what the other person changed */
  labels: Readonly<Record<string, string>>;
};

export function useAdminForm<Draft, A extends Versioned>(options: Options<Draft, A>) {
  const { stored, draftOf, labels } = options;
  const intl = useIntl();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(() => (stored ? draftOf(stored) : options.empty()));
  const [baseVersion, setBaseVersion] = useState(stored?.version ?? 1);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  // A new object's page opens with the creation's message, which the form it replaced had.
  const created = (useLocation().state as { saved?: string } | null)?.saved;
  const [saved, setSaved] = useState<{ key: number; text: string } | null>(
    created ? { key: 0, text: created } : null,
  );
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (problem) alertRef.current?.focus();
  }, [problem]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  /**
   * The handlers of a save: on success the form shows the stored object and `text`, and a created
   * object's page opens at `createdAt` with that text; on failure, why.
   */
  const outcome = <R extends SavedObject<A>>(
    text: (saved: R) => string,
    createdAt?: (saved: R) => string,
  ) => ({
    onSuccess: (result: R) => {
      setProblem(null);
      setBaseVersion(result.attributes.version);
      setDraft(draftOf(result.attributes));
      const said = text(result);
      setSaved({ key: Date.now(), text: said });
      if (createdAt) navigate(createdAt(result), { replace: true, state: { saved: said } });
    },
    onError: (error: unknown) => {
      setSaved(null);
      setProblem(saveProblemOf(intl, error));
    },
  });

  const theirs = (problem?.current as { attributes?: A } | null)?.attributes;
  const changed = theirs
    ? changedNames(options.comparable(draft), theirs as unknown as Record<string, unknown>, [
        "version",
        "created_at",
        ...(options.ignore ?? []),
      ])
    : [];

  /** SaveOutcome's props: the notice, the refusal, and the 409's choices. */
  const outcomeProps = {
    saved,
    problem,
    alertRef,
    conflict: theirs
      ? { changed: changed.map((name) => intl.formatMessage({ id: labels[name] ?? name })) }
      : null,
    onLoadTheirs: () => {
      if (!theirs) return;
      setDraft(draftOf(theirs));
      setBaseVersion(theirs.version);
      setProblem(null);
    },
    onKeepMine: () => {
      if (!theirs) return;
      setBaseVersion(theirs.version);
      setProblem(null);
    },
  };

  return {
    draft,
    set,
    /** the version the draft was edited from: an update sends it (If-Match) */
    baseVersion,
    /** the server's reason for one attribute, after a refused save */
    errorAt: (attribute: string) => errorAt(problem, attribute),
    outcome,
    outcomeProps,
  };
}

/**
 * The message id of the notice after saving, archiving or restoring: `{prefix}.saved`,
 * `{prefix}.archived` or `{prefix}.restored`, each taking the object's `{name}`.
 */
export function savedText(archived: boolean | undefined, prefix: string): string {
  return `${prefix}.${archived === true ? "archived" : archived === false ? "restored" : "saved"}`;
}
