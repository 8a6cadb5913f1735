// What a back-office form says after a save: "saved" in a status region, or why it was refused in
// an alert region the form moves focus to. When someone else saved first (409), it lists what they
// changed and offers to show their version or to keep one's own edits and save again over theirs.
import type { Ref } from "react";
import { useIntl } from "react-intl";
import controls from "./controls.module.css";
import styles from "./save-outcome.module.css";

type Props = {
  saved: { text: string; key: number } | null;
  problem: { message: string } | null;
  /** another save came first: the names of what it changed, in the reader's language */
  conflict: { changed: readonly string[] } | null;
  onLoadTheirs: () => void;
  onKeepMine: () => void;
  alertRef?: Ref<HTMLDivElement>;
};

export function SaveOutcome({
  saved,
  problem,
  conflict,
  onLoadTheirs,
  onKeepMine,
  alertRef,
}: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <>
      <div role="status" className={styles.region}>
        {saved && (
          <p key={saved.key} className={controls.notice}>
            {saved.text}
          </p>
        )}
      </div>
      <div role="alert" className={styles.region} ref={alertRef} tabIndex={-1}>
        {problem && (
          <div className={controls.alert}>
            <p>{problem.message}</p>
            {conflict && (
              <>
                {conflict.changed.length > 0 && (
                  <ul className={styles.changed}>
                    {conflict.changed.map((name) => (
                      <li key={name}>{name}</li>
                    ))}
                  </ul>
                )}
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={`${controls.button} ${controls.secondary}`}
                    onClick={onLoadTheirs}
                  >
                    {t("Office.ui.load_theirs")}
                  </button>
                  <button
                    type="button"
                    className={`${controls.button} ${controls.quiet}`}
                    onClick={onKeepMine}
                  >
                    {t("Office.ui.keep_mine")}
                  </button>
                </div>
              </>
            )}
          </div>
        )}
      </div>
    </>
  );
}
