// The buttons under a back-office form: save (or create), and for a saved object archive or
// restore, in the warning colour only when it takes the object away. Both wait while a save runs.
import type { MouseEvent } from "react";
import controls from "./controls.module.css";
import styles from "./form-actions.module.css";

type Props = {
  submitLabel: string;
  pending: boolean;
  /** absent for a new object: there is nothing to archive yet */
  archive?: {
    archived: boolean;
    archiveLabel: string;
    restoreLabel: string;
    onToggle: (event: MouseEvent<HTMLButtonElement>) => void;
  };
};

export function FormActions({ submitLabel, pending, archive }: Props) {
  return (
    <div className={styles.actions}>
      <button type="submit" className={`${controls.button} ${controls.primary}`} disabled={pending}>
        {submitLabel}
      </button>
      {archive && (
        <button
          type="button"
          className={`${controls.button} ${archive.archived ? controls.secondary : controls.danger}`}
          disabled={pending}
          onClick={archive.onToggle}
        >
          {archive.archived ? archive.restoreLabel : archive.archiveLabel}
        </button>
      )}
    </div>
  );
}
