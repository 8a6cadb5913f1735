// /rooms/new and /rooms/{id}: one room's form — its location (chosen when created; a room stays
// where it is), name, capacity and notes — with archive and restore, and its history. A save sends
// the version it edited; when someone else saved meanwhile the page says what they changed and
// offers theirs. For hours.manage (Manager and up).
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { RoomResource } from "../../../shared/contracts/room.ts";
import { useRoom, useSaveRoom } from "../../api/office/groups-rooms.ts";
import {
  Link,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { FormActions } from "../../ui/form-actions.tsx";
import { SaveOutcome } from "../../ui/save-outcome.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { AuditTrail } from "../audit/audit-trail.tsx";
import { describeError } from "../forms/describe-error.ts";
import { paths } from "../office-paths.ts";
import {
  changedNames,
  errorAt,
  type SaveProblem,
  saveProblemOf,
} from "../services/save-problem.ts";
import styles from "../services/services.module.css";
import { useStaffSession } from "../shell/staff-session.ts";

type Attributes = RoomResource["attributes"];
type Draft = { location_id: string; name: string; capacity: number; notes: string };

const draftOf = (a: Attributes): Draft => ({
  location_id: a.location_id,
  name: a.name,
  capacity: a.capacity,
  notes: a.notes ?? "",
});

/** Labels of the attributes, for the history and the "what changed" list. */
export const ROOM_LABELS: Record<string, string> = {
  location_id: "Office.rooms.field_location",
  name: "Office.rooms.field_name",
  capacity: "Office.rooms.field_capacity",
  notes: "Office.rooms.field_notes",
  archived: "Office.rooms.field_archived",
};

export function RoomFormPage() {
  const intl = useIntl();
  const { id } = useParams();
  const roomId = id && id !== "new" ? id : null;
  const existing = useRoom(roomId);
  if (roomId && !existing.data) {
    return (
      <p className={styles.meta} role={existing.isError ? "alert" : "status"}>
        {existing.error
          ? describeError(intl, existing.error)
          : intl.formatMessage({ id: "Office.rooms.loading" })}
      </p>
    );
  }
  return (
    <RoomForm key={roomId ?? "new"} roomId={roomId} stored={existing.data?.attributes ?? null} />
  );
}

function RoomForm({ roomId, stored }: { roomId: string | null; stored: Attributes | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const me = useStaffSession();
  const [params] = useSearchParams();
  const title = stored ? stored.name : t("Office.rooms.new_title");
  usePageTitle(title);
  const [draft, setDraft] = useState<Draft>(
    stored
      ? draftOf(stored)
      : {
          location_id: params.get("location") ?? String(me.locations[0]?.id ?? ""),
          name: "",
          capacity: 1,
          notes: "",
        },
  );
  const [baseVersion, setBaseVersion] = useState(stored?.version ?? 1);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const created = (useLocation().state as { saved?: string } | null)?.saved;
  const [saved, setSaved] = useState<{ key: number; text: string } | null>(
    created ? { key: 0, text: created } : null,
  );
  const save = useSaveRoom();
  const alertRef = useRef<HTMLDivElement>(null);
  const ids = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  useEffect(() => {
    if (problem) alertRef.current?.focus();
  }, [problem]);

  function submit(event: FormEvent, archived?: boolean) {
    event.preventDefault();
    if (save.isPending) return;
    const common = {
      name: draft.name,
      capacity: draft.capacity,
      notes: draft.notes.trim() ? draft.notes : null,
      ...(archived === undefined ? {} : { archived }),
    };
    const request =
      roomId && stored
        ? { id: roomId, version: baseVersion, attributes: common }
        : { id: null, attributes: { ...common, location_id: draft.location_id } };
    save.mutate(request, {
      onSuccess: (room) => {
        setProblem(null);
        setBaseVersion(room.attributes.version);
        const name = room.attributes.name;
        const text =
          archived === true
            ? t("Office.rooms.archived", { name })
            : archived === false
              ? t("Office.rooms.restored", { name })
              : t("Office.rooms.saved", { name });
        setSaved({ key: Date.now(), text });
        if (!roomId) navigate(paths.room(room.id), { replace: true, state: { saved: text } });
      },
      onError: (error) => {
        setSaved(null);
        setProblem(saveProblemOf(intl, error));
      },
    });
  }

  const theirs = (problem?.current as { attributes?: Attributes } | null)?.attributes;
  const changed = theirs
    ? changedNames(
        { ...draft, notes: draft.notes.trim() ? draft.notes : null },
        theirs as unknown as Record<string, unknown>,
        ["version", "created_at", "archived"],
      )
    : [];
  const locationName = (id: string) =>
    me.locations.find((l) => String(l.id) === id)?.name ?? t("Office.rooms.location_by_id", { id });

  return (
    <section aria-labelledby={`${ids}-title`} className={styles.page}>
      <p>
        <Link to={paths.rooms({ location: stored?.location_id })}>{t("Office.rooms.back")}</Link>
      </p>
      <h1 id={`${ids}-title`} className={styles.title}>
        {title}
        {stored?.archived && (
          <span className={styles.badge}>{t("Office.rooms.archived_badge")}</span>
        )}
      </h1>
      <SaveOutcome
        saved={saved}
        problem={problem}
        conflict={theirs ? { changed: changed.map((name) => t(ROOM_LABELS[name] ?? name)) } : null}
        alertRef={alertRef}
        onLoadTheirs={() => {
          if (!theirs) return;
          setDraft(draftOf(theirs));
          setBaseVersion(theirs.version);
          setProblem(null);
        }}
        onKeepMine={() => {
          if (!theirs) return;
          setBaseVersion(theirs.version);
          setProblem(null);
        }}
      />
      <form className={styles.form} onSubmit={(event) => submit(event)} noValidate>
        <div className={`${styles.card} ${styles.grid}`}>
          {stored ? (
            <p>
              <strong>{t("Office.rooms.field_location")}</strong>
              <br />
              {locationName(stored.location_id)}
            </p>
          ) : (
            <Field
              label={t("Office.rooms.field_location")}
              error={errorAt(problem, "location_id")}
              required
            >
              {(control) => (
                <select
                  {...control}
                  className={controls.input}
                  value={draft.location_id}
                  onChange={(event) => set("location_id", event.target.value)}
                >
                  {me.locations.map((l) => (
                    <option key={l.id} value={String(l.id)}>
                      {l.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <Field label={t("Office.rooms.field_name")} error={errorAt(problem, "name")} required>
            {(control) => (
              <input
                {...control}
                className={controls.input}
                value={draft.name}
                onChange={(event) => set("name", event.target.value)}
              />
            )}
          </Field>
          <Field
            label={t("Office.rooms.field_capacity")}
            hint={t("Office.rooms.field_capacity_hint")}
            error={errorAt(problem, "capacity")}
            required
          >
            {(control) => (
              <input
                {...control}
                className={controls.input}
                type="number"
                inputMode="numeric"
                min={1}
                max={500}
                value={Number.isFinite(draft.capacity) ? draft.capacity : ""}
                onChange={(event) => set("capacity", event.target.valueAsNumber)}
              />
            )}
          </Field>
        </div>
        <div className={styles.card}>
          <Field
            label={t("Office.rooms.field_notes")}
            hint={t("Office.rooms.field_notes_hint")}
            error={errorAt(problem, "notes")}
          >
            {(control) => (
              <textarea
                {...control}
                className={controls.input}
                rows={3}
                value={draft.notes}
                onChange={(event) => set("notes", event.target.value)}
              />
            )}
          </Field>
        </div>
        <FormActions
          submitLabel={roomId ? t("Office.rooms.save") : t("Office.rooms.create")}
          pending={save.isPending}
          archive={
            roomId && stored
              ? {
                  archived: stored.archived,
                  archiveLabel: t("Office.rooms.archive"),
                  restoreLabel: t("Office.rooms.restore"),
                  onToggle: (event) => submit(event, !stored.archived),
                }
              : undefined
          }
        />
      </form>
      {roomId && (
        <AuditTrail
          subjectType="room"
          subjectId={roomId}
          labelOf={(attribute) => {
            const id = ROOM_LABELS[attribute];
            return id ? t(id) : undefined;
          }}
        />
      )}
    </section>
  );
}
