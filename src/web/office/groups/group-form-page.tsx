// /groups/new and /groups/{id}: one staff group's form — name, description and its members (a
// searchable checkbox list of the vendor's staff) — with archive and restore, and its history. A
// save sends the version it edited; when someone else saved meanwhile the page says what they
// changed and offers theirs. For groups.manage (Admin and up).
import { type FormEvent, useId, useState } from "react";
import { useIntl } from "react-intl";
import type { StaffGroupResource } from "../../../shared/contracts/staff-group.ts";
import { ROLES } from "../../../shared/domain.ts";
import {
  useSaveStaffGroup,
  useStaffChoices,
  useStaffGroup,
} from "../../api/office/groups-rooms.ts";
import { Link, useParams } from "../../routing/routing.tsx";
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

type Attributes = StaffGroupResource["attributes"];
type Draft = { name: string; description: string; member_ids: string[] };

const EMPTY: Draft = { name: "", description: "", member_ids: [] };
const nullIfBlank = (text: string) => (text.trim() ? text : null);
const draftOf = (a: Attributes): Draft => ({
  name: a.name,
  description: a.description ?? "",
  member_ids: a.member_ids,
});

/** Labels of the attributes, for the history and the "what changed" list. */
export const GROUP_LABELS: Record<string, string> = {
  name: "Office.groups.field_name",
  description: "Office.groups.field_description",
  member_ids: "Office.groups.field_members",
  archived: "Office.groups.field_archived",
};

export function GroupFormPage() {
  const intl = useIntl();
  const { id } = useParams();
  const groupId = id && id !== "new" ? id : null;
  const existing = useStaffGroup(groupId);
  if (groupId && !existing.data) {
    return (
      <p className={styles.meta} role={existing.isError ? "alert" : "status"}>
        {existing.error
          ? describeError(intl, existing.error)
          : intl.formatMessage({ id: "Office.groups.loading" })}
      </p>
    );
  }
  return (
    <GroupForm
      key={groupId ?? "new"}
      groupId={groupId}
      stored={existing.data?.attributes ?? null}
    />
  );
}

function GroupForm({ groupId, stored }: { groupId: string | null; stored: Attributes | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const title = stored ? stored.name : t("Office.groups.new_title");
  usePageTitle(title);
  const form = useAdminForm({
    stored,
    draftOf,
    empty: () => EMPTY,
    comparable: (draft: Draft) => ({ ...draft, description: nullIfBlank(draft.description) }),
    ignore: ["archived"],
    labels: GROUP_LABELS,
  });
  const { draft, set } = form;
  const [search, setSearch] = useState("");
  const save = useSaveStaffGroup();
  const choices = useStaffChoices(search.trim(), "active");
  // Names of members who are no longer active, or not among the first results, come from here.
  const everyone = useStaffChoices("", "all");
  const ids = useId();

  function submit(event: FormEvent, archived?: boolean) {
    event.preventDefault();
    if (save.isPending) return;
    const attributes = {
      name: draft.name,
      description: nullIfBlank(draft.description),
      member_ids: draft.member_ids,
      ...(archived === undefined ? {} : { archived }),
    };
    const request =
      groupId && stored
        ? { id: groupId, version: form.baseVersion, attributes }
        : { id: null, attributes };
    save.mutate(
      request,
      form.outcome(
        (group) => t(savedText(archived, "Office.groups"), { name: group.attributes.name }),
        groupId ? undefined : (group) => paths.group(group.id),
      ),
    );
  }

  const names = new Map<string, string>();
  for (const person of [...(everyone.data ?? []), ...(choices.data ?? [])]) {
    names.set(person.id, `${person.attributes.first_name} ${person.attributes.last_name}`.trim());
  }
  const nameOf = (id: string) => names.get(id) ?? t("Office.groups.member_by_id", { id });
  // A kiosk is a device, not a person: the server refuses it as a member, so it is not offered.
  const shown = (choices.data ?? []).filter(
    (person) =>
      person.attributes.role_level !== ROLES.kiosk && !draft.member_ids.includes(person.id),
  );
  const toggle = (id: string, on: boolean) =>
    set(
      "member_ids",
      on ? [...draft.member_ids, id] : draft.member_ids.filter((other) => other !== id),
    );
  const membersError = form.errorAt("member_ids");

  return (
    <section aria-labelledby={`${ids}-title`} className={styles.page}>
      <p>
        <Link to={paths.groups()}>{t("Office.groups.back")}</Link>
      </p>
      <h1 id={`${ids}-title`} className={styles.title}>
        {title}
        {stored?.archived && (
          <span className={styles.badge}>{t("Office.groups.archived_badge")}</span>
        )}
      </h1>
      <SaveOutcome {...form.outcomeProps} />
      <form className={styles.form} onSubmit={(event) => submit(event)} noValidate>
        <div className={styles.card}>
          <Field label={t("Office.groups.field_name")} error={form.errorAt("name")} required>
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
            label={t("Office.groups.field_description")}
            hint={t("Office.groups.field_description_hint")}
            error={form.errorAt("description")}
          >
            {(control) => (
              <textarea
                {...control}
                className={controls.input}
                rows={3}
                value={draft.description}
                onChange={(event) => set("description", event.target.value)}
              />
            )}
          </Field>
        </div>
        <fieldset
          className={`${styles.card} ${styles.fieldset}`}
          aria-describedby={membersError ? `${ids}-members` : undefined}
        >
          <legend>
            {t("Office.groups.field_members")} (
            {t("Office.groups.member_count", { count: draft.member_ids.length })})
          </legend>
          {membersError && (
            <p id={`${ids}-members`} className={styles.error}>
              {membersError}
            </p>
          )}
          {draft.member_ids.length > 0 && (
            <div className={styles.scroll}>
              {draft.member_ids.map((id) => (
                <label key={id} className={styles.check}>
                  <input type="checkbox" checked onChange={() => toggle(id, false)} />
                  {nameOf(id)}
                </label>
              ))}
            </div>
          )}
          <Field
            label={t("Office.groups.search_staff")}
            hint={t("Office.groups.search_staff_hint")}
          >
            {(control) => (
              <input
                {...control}
                type="search"
                className={controls.input}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            )}
          </Field>
          <div className={styles.scroll}>
            {shown.map((person) => (
              <label key={person.id} className={styles.check}>
                <input
                  type="checkbox"
                  checked={false}
                  onChange={(event) => toggle(person.id, event.target.checked)}
                />
                {nameOf(person.id)}
                <span className={styles.meta}> {person.attributes.email}</span>
              </label>
            ))}
            {choices.isSuccess && shown.length === 0 && (
              <p className={styles.meta}>{t("Office.groups.no_staff_match")}</p>
            )}
          </div>
        </fieldset>
        <FormActions
          submitLabel={groupId ? t("Office.groups.save") : t("Office.groups.create")}
          pending={save.isPending}
          archive={
            groupId && stored
              ? {
                  archived: stored.archived,
                  archiveLabel: t("Office.groups.archive"),
                  restoreLabel: t("Office.groups.restore"),
                  onToggle: (event) => submit(event, !stored.archived),
                }
              : undefined
          }
        />
      </form>
      {groupId && (
        <AuditTrail
          subjectType="staff_group"
          subjectId={groupId}
          labelOf={(attribute) => {
            const id = GROUP_LABELS[attribute];
            return id ? t(id) : undefined;
          }}
        />
      )}
    </section>
  );
}
