// Shown when a save met a newer version: which attributes the other person changed, their value and
// the one in this form, and the two ways on: keep my changes on top of theirs, or take theirs.
import { useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import type { AdminLocation } from "../../../shared/contracts/admin-location.ts";
import controls from "../../ui/controls.module.css";
import { attributesOf, draftOf, type LocationDraft, theirChanges } from "./location-draft.ts";
import styles from "./location-edit-page.module.css";
import { fieldLabel } from "./location-labels.ts";

type Props = {
  base: AdminLocation;
  current: AdminLocation;
  draft: LocationDraft;
  onKeepMine: () => void;
  onDiscardMine: () => void;
};

export function ConflictNotice({ base, current, draft, onKeepMine, onDiscardMine }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `Office.locations.${id}` }, values);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const theirs = draftOf(current.attributes);
  const changed = theirChanges(draftOf(base.attributes), theirs);
  const theirValues = attributesOf(theirs);
  const mine = attributesOf(draft);
  const show = (value: unknown) => {
    if (value === null || value === "" || (Array.isArray(value) && value.length === 0))
      return t("value_empty");
    if (value === true) return t("value_yes");
    if (value === false) return t("value_no");
    if (Array.isArray(value))
      return value
        .map(
          (item: { locale: string; field: string; content: string }) =>
            `${item.locale} ${item.field}: ${item.content}`,
        )
        .join("; ");
    return String(value);
  };
  if (current.attributes.archived !== base.attributes.archived) changed.push("archived");

  return (
    <section role="alert" aria-labelledby="conflict-title" className={styles.conflict}>
      <h2 id="conflict-title" ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        {t("conflict_title")}
      </h2>
      <p>{t("conflict_text", { version: current.attributes.version })}</p>
      {changed.length > 0 && (
        <table className={styles.conflictTable}>
          <caption className="visually-hidden">{t("conflict_caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("conflict_field")}</th>
              <th scope="col">{t("conflict_theirs")}</th>
              <th scope="col">{t("conflict_yours")}</th>
            </tr>
          </thead>
          <tbody>
            {changed.map((name) => (
              <tr key={name}>
                <th scope="row">{fieldLabel(intl, name) ?? name}</th>
                <td>
                  {name === "archived"
                    ? show(current.attributes.archived)
                    : show(theirValues[name])}
                </td>
                <td>{name === "archived" ? show(base.attributes.archived) : show(mine[name])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={`${controls.button} ${controls.primary}`}
          onClick={onKeepMine}
        >
          {t("conflict_keep_mine")}
        </button>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          onClick={onDiscardMine}
        >
          {t("conflict_discard_mine")}
        </button>
      </div>
    </section>
  );
}
