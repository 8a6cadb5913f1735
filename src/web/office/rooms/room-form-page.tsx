// /rooms/new and /rooms/{id}: one room's form — its location (chosen when created; a room stays
// where it is), name, capacity and notes — with archive and restore, and its history. A save sends
// the version it edited; when someone else saved meanwhile the page says what they changed and
// offers theirs. For hours.manage (Manager and up).
import { type FormEvent, useId } from "react";
import { useIntl } from "react-intl";
import type { RoomResource } from "../../../shared/contracts/room.ts";
import { useRoom, useSaveRoom } from "../../api/office/groups-rooms.ts";
import { Link, useParams, useSearchParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { FormActions } from "../../ui/form-actions.tsx";
import { SaveOutcome } from "../../ui/save-outcome.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { AuditTrail } from "../audit/audit-trail.tsx";
import { describeError } from "../forms/describe-error.ts";
import { savedText, useAdminForm } from "../forms/use-admin-form.ts";
import { paths } from "../office-paths.ts";
import styles from "../services/services.module.css";
import { useStaffSession } from "../shell/staff-session.ts";

type Attributes = RoomResource["attributes"];
type Draft = { location_id: string; name: string; capacity: number; notes: string };

const nullIfBlank = (text: string) => (text.trim() ? text : null);
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
  const me = useStaffSession();
  const [params] = useSearchParams();
  const title = stored ? stored.name : t("Office.rooms.new_title");
  usePageTitle(title);
  const form = useAdminForm({
    stored,
    draftOf,
    empty: (): Draft => ({
      location_id: params.get("location") ?? String(me.locations[0]?.id ?? ""),
      name: "",
      capacity: 1,
      notes: "",
    }),
    comparable: (draft: Draft) => ({ ...draft, notes: nullIfBlank(draft.notes) }),
    ignore: ["archived"],
    labels: ROOM_LABELS,
  });
  const { draft, set } = form;
  const save = useSaveRoom();
  const ids = useId();

  function submit(event: FormEvent, archived?: boolean) {
    event.preventDefault();
    if (save.isPending) return;
    const common = {
      name: draft.name,
      capacity: draft.capacity,
      notes: nullIfBlank(draft.notes),
      ...(archived === undefined ? {} : { archived }),
    };
    const request =
      roomId && stored
        ? { id: roomId, version: form.baseVersion, attributes: common }
        : { id: null, attributes: { ...common, location_id: draft.location_id } };
    save.mutate(
      request,
      form.outcome(
        (room) => t(savedText(archived, "Office.rooms"), { name: room.attributes.name }),
        roomId ? undefined : (room) => paths.room(room.id),
      ),
    );
  }

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
      <SaveOutcome {...form.outcomeProps} />
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
              error={form.errorAt("location_id")}
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
          <Field label={t("Office.rooms.field_name")} error={form.errorAt("name")} required>
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
            error={form.errorAt("capacity")}
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
            error={form.errorAt("notes")}
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
