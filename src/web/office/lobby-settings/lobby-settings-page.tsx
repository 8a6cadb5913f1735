// /settings/lobby: the lobby and TV settings of every location (Admin, settings.manage): how many
// visitors each board column names, what it shows of a visitor (with a preview of a TV row), the
// chime, whether private locations' boards open without their link, whom "call next" takes and the
// automatic no-show. Edited as a draft and saved whole with the settings version (If-Match): a 409
// loads the settings as they are now and says so; a 422 shows the server's reason at its field.

import { useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { LobbySettings } from "../../../shared/contracts/settings-sections.ts";
import {
  BOARD_VISITOR_DISPLAYS,
  type BoardVisitorDisplay,
  LOBBY_CALL_ORDERS,
  type LobbyCallOrder,
} from "../../../shared/vendor-settings.ts";
import { ApiError } from "../../api/client.ts";
import {
  type SectionState,
  useSaveSettingsSection,
  useSettingsSection,
} from "../../api/office/settings-sections.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { ListLoadFailed } from "../../ui/list-states.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import styles from "./lobby-settings-page.module.css";

type Draft = {
  rows: string;
  visitorDisplay: BoardVisitorDisplay;
  chime: boolean;
  privateBoardsPublic: boolean;
  callOrder: LobbyCallOrder;
  noShowMinutes: string;
};

const POINTER = "/data/attributes/";
/** The inputs that can be refused, in page order: the first refused one takes the focus. */
const FIELDS = ["board/rows", "auto_no_show_minutes"] as const;

function draftOf({ value: settings }: LobbyState): Draft {
  return {
    rows: String(settings.board.rows),
    visitorDisplay: settings.board.visitor_display,
    chime: settings.board.chime,
    privateBoardsPublic: settings.board.private_boards_public,
    callOrder: settings.board.call_order,
    noShowMinutes:
      settings.auto_no_show_minutes === null ? "" : String(settings.auto_no_show_minutes),
  };
}

/** A typed number goes as a number; anything else as typed, for the server to refuse at its field. */
const numberOrText = (text: string) => {
  const trimmed = text.trim();
  return trimmed !== "" && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
};

type LobbyState = SectionState<"lobby">;

/**
 * The section as the page holds it. A number field may hold text that is not a number: it is sent
 * as typed, for the server to judge (422 with a pointer), hence the cast to the section's type.
 */
function settingsOf(draft: Draft): LobbySettings {
  return {
    board: {
      rows: numberOrText(draft.rows),
      visitor_display: draft.visitorDisplay,
      chime: draft.chime,
      private_boards_public: draft.privateBoardsPublic,
      call_order: draft.callOrder,
    },
    auto_no_show_minutes:
      draft.noShowMinutes.trim() === "" ? null : numberOrText(draft.noShowMinutes),
  } as LobbySettings;
}

export function LobbySettingsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `Settings.${id}` });
  usePageTitle(t("lobby_title"));
  const query = useSettingsSection("lobby");
  // Said above the form, which a reload of the settings (a new version) replaces.
  const [conflict, setConflict] = useState(false);
  // Kept here too: the saved settings come back with a new version, which remounts the form.
  const [saved, setSaved] = useState(false);

  return (
    <section aria-labelledby="lobby-settings-title" className={styles.page}>
      <h1 id="lobby-settings-title" className={styles.title}>
        {t("lobby_title")}
      </h1>
      <p className={styles.intro}>{t("lobby_intro")}</p>
      <div role="alert">{conflict && <p className={controls.alert}>{t("lobby_conflict")}</p>}</div>
      {query.data ? (
        <LobbySettingsForm
          key={query.data.version}
          state={query.data}
          saved={saved}
          onEdit={() => setSaved(false)}
          onConflict={() => {
            setSaved(false);
            setConflict(true);
            void query.refetch();
          }}
          onSaved={() => {
            setConflict(false);
            setSaved(true);
          }}
        />
      ) : query.isError ? (
        <ListLoadFailed message={t("lobby_load_failed")} onRetry={() => query.refetch()} />
      ) : (
        <p role="status" className={styles.status}>
          {intl.formatMessage({ id: "Office.loading" })}
        </p>
      )}
    </section>
  );
}

type FormProps = {
  state: LobbyState;
  /** another save came first: the page loads the settings as they are now */
  onConflict: () => void;
  onSaved: () => void;
  /** "saved" is announced until the next change */
  saved: boolean;
  onEdit: () => void;
};

function LobbySettingsForm({ state, onConflict, onSaved, saved, onEdit }: FormProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `Settings.${id}` });
  const [draft, setDraft] = useState<Draft>(() => draftOf(state));
  const [errors, setErrors] = useState(new Map<string, string>());
  const [failure, setFailure] = useState<string | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const save = useSaveSettingsSection("lobby");
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    onEdit();
    setDraft((current) => ({ ...current, [key]: value }));
  };
  const register = (key: string) => (element: HTMLInputElement | null) => {
    if (element) inputs.current.set(key, element);
    else inputs.current.delete(key);
  };

  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      onConflict();
      return;
    }
    const byKey = new Map<string, string>();
    for (const [pointer, detail] of fieldErrorsOf(error))
      if (pointer.startsWith(POINTER)) byKey.set(pointer.slice(POINTER.length), detail);
    setErrors(byKey);
    const first = FIELDS.find((key) => byKey.has(key));
    if (first) inputs.current.get(first)?.focus();
    else setFailure(describeError(intl, error));
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(null);
    save.mutate(
      { value: settingsOf(draft), version: state.version },
      {
        onSuccess: () => {
          setErrors(new Map());
          onSaved();
        },
        onError: refused,
      },
    );
  };

  const displayLabel = (display: BoardVisitorDisplay) => t(`lobby_display_${display}`);

  return (
    <form onSubmit={onSubmit} noValidate className={styles.form}>
      <fieldset className={styles.card}>
        <legend className={styles.heading}>{t("lobby_board_heading")}</legend>
        <Field
          label={t("lobby_rows_label")}
          hint={t("lobby_rows_hint")}
          error={errors.get("board/rows")}
        >
          {(control) => (
            <input
              {...control}
              ref={register("board/rows")}
              className={`${controls.input} ${styles.number}`}
              type="number"
              inputMode="numeric"
              min={1}
              max={12}
              value={draft.rows}
              onChange={(event) => set("rows", event.target.value)}
            />
          )}
        </Field>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t("lobby_display_legend")}</legend>
          {BOARD_VISITOR_DISPLAYS.map((display) => (
            <label key={display} className={styles.choice}>
              <input
                type="radio"
                name="visitor_display"
                value={display}
                checked={draft.visitorDisplay === display}
                onChange={() => set("visitorDisplay", display)}
              />{" "}
              {displayLabel(display)}
            </label>
          ))}
        </fieldset>
        <BoardRowPreview display={draft.visitorDisplay} />
        <label className={styles.choice}>
          <input
            type="checkbox"
            checked={draft.chime}
            onChange={(event) => set("chime", event.target.checked)}
          />{" "}
          {t("lobby_chime_label")}
        </label>
        <div>
          <label className={styles.choice}>
            <input
              type="checkbox"
              aria-describedby="lobby-private-hint"
              checked={draft.privateBoardsPublic}
              onChange={(event) => set("privateBoardsPublic", event.target.checked)}
            />{" "}
            {t("lobby_private_label")}
          </label>
          <p id="lobby-private-hint" className={styles.hint}>
            {t("lobby_private_hint")}
          </p>
        </div>
      </fieldset>

      <fieldset className={styles.card}>
        <legend className={styles.heading}>{t("lobby_calling_heading")}</legend>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t("lobby_order_legend")}</legend>
          {LOBBY_CALL_ORDERS.map((order) => (
            <label key={order} className={styles.choice}>
              <input
                type="radio"
                name="call_order"
                value={order}
                checked={draft.callOrder === order}
                onChange={() => set("callOrder", order)}
              />{" "}
              {t(`lobby_order_${order}`)}
            </label>
          ))}
        </fieldset>
        <Field
          label={t("lobby_no_show_label")}
          hint={t("lobby_no_show_hint")}
          error={errors.get("auto_no_show_minutes")}
        >
          {(control) => (
            <input
              {...control}
              ref={register("auto_no_show_minutes")}
              className={`${controls.input} ${styles.number}`}
              type="number"
              inputMode="numeric"
              min={1}
              max={240}
              value={draft.noShowMinutes}
              onChange={(event) => set("noShowMinutes", event.target.value)}
            />
          )}
        </Field>
      </fieldset>

      <div className={styles.actions}>
        <button
          type="submit"
          className={`${controls.button} ${controls.primary}`}
          aria-disabled={save.isPending || undefined}
        >
          {save.isPending ? t("lobby_saving") : t("lobby_save")}
        </button>
        <p role="status" className={styles.status}>
          {saved && t("lobby_saved")}
        </p>
      </div>
      <div role="alert">{failure && <p className={controls.alert}>{failure}</p>}</div>
    </form>
  );
}

/** One "now serving" row as a TV shows it with the chosen display, with a sample visitor. */
function BoardRowPreview({ display }: { display: BoardVisitorDisplay }) {
  const intl = useIntl();
  const ticket = display === "name" ? null : "A-042";
  const name = display === "ticket" ? null : "Ada L.";
  return (
    <figure className={styles.preview} aria-labelledby="lobby-preview-caption">
      <figcaption id="lobby-preview-caption" className={styles.legend}>
        {intl.formatMessage({ id: "Settings.lobby_preview_heading" })}
      </figcaption>
      <div className={styles.tvRow} data-testid="tv-row-preview">
        {ticket && <span className={styles.ticket}>{ticket}</span>}
        {name && <span className={styles.name}>{name}</span>}
        <span className={styles.desk}>
          {intl.formatMessage({ id: "Tv.called_label" })}{" "}
          {intl.formatMessage({ id: "Settings.lobby_preview_desk" })}
        </span>
      </div>
    </figure>
  );
}
