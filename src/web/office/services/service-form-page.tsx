// /services/new and /services/{id}: one service's form — name and translations, duration and the
// buffers kept free around its appointments, meeting methods, fulfillment, lobby, instructions,
// category, the locations that offer it (a searchable checkbox list), the questions asked for it,
// archive — and its history. A save sends the version it edited; when someone else saved meanwhile
// the page says what they changed and offers theirs.
import { type FormEvent, useId, useState } from "react";
import { useIntl } from "react-intl";
import type { ServiceAdminAttributes } from "../../../shared/contracts/service-admin.ts";
import {
  useQuestionsAdmin,
  useSaveService,
  useServiceAdmin,
  useServiceCategories,
} from "../../api/office/services-admin.ts";
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
import { useStaffSession } from "../shell/staff-session.ts";
import styles from "./services.module.css";
import { TranslationFields } from "./translation-fields.tsx";

type Draft = Omit<ServiceAdminAttributes, "version" | "created_at" | "question_ids" | "archived">;

const EMPTY: Draft = {
  name: "",
  translations: [],
  category_id: null,
  duration_minutes: 15,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  ticket_prefix: "A",
  supports_in_person: true,
  supports_phone: true,
  supports_video: true,
  supports_walkin: true,
  supports_curbside_pickup: false,
  display_in_lobby: true,
  instructions: null,
  sort_order: 0,
  location_ids: [],
};

const draftOf = (a: ServiceAdminAttributes): Draft => {
  const { version: _v, created_at: _c, question_ids: _q, archived: _a, ...draft } = a;
  return draft;
};

/** Labels of the attributes, for the history and the "what changed" list. */
export const SERVICE_LABELS: Record<string, string> = {
  name: "Office.services.field_name",
  translations: "Office.services.translations_label",
  category_id: "Office.services.field_category",
  duration_minutes: "Office.services.field_duration",
  buffer_before_minutes: "Office.services.field_buffer_before",
  buffer_after_minutes: "Office.services.field_buffer_after",
  ticket_prefix: "Office.services.field_ticket_prefix",
  supports_in_person: "Office.services.method_in_person",
  supports_phone: "Office.services.method_phone",
  supports_video: "Office.services.method_video",
  supports_walkin: "Office.services.fulfillment_walkin",
  supports_curbside_pickup: "Office.services.fulfillment_curbside",
  display_in_lobby: "Office.services.field_display_in_lobby",
  instructions: "Office.services.field_instructions",
  sort_order: "Office.services.field_order",
  location_ids: "Office.services.field_locations",
  archived: "Office.services.field_archived",
};

export function ServiceFormPage() {
  const { id } = useParams();
  const serviceId = id && id !== "new" ? id : null;
  const existing = useServiceAdmin(serviceId);
  if (serviceId && !existing.data) {
    return (
      <p className={styles.meta} role={existing.isError ? "alert" : "status"}>
        <LoadingOrError error={existing.error} />
      </p>
    );
  }
  return (
    <ServiceForm
      key={serviceId ?? "new"}
      serviceId={serviceId}
      stored={existing.data?.attributes ?? null}
    />
  );
}

function LoadingOrError({ error }: { error: unknown }) {
  const intl = useIntl();
  return (
    <>
      {error ? describeError(intl, error) : intl.formatMessage({ id: "Office.services.loading" })}
    </>
  );
}

function ServiceForm({
  serviceId,
  stored,
}: {
  serviceId: string | null;
  stored: ServiceAdminAttributes | null;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const title = stored ? stored.name : t("Office.services.new_title");
  usePageTitle(title);
  const form = useAdminForm({
    stored,
    draftOf,
    empty: () => EMPTY,
    comparable: (draft: Draft) => draft,
    ignore: ["question_ids", "archived"],
    labels: SERVICE_LABELS,
  });
  const { draft, set } = form;
  const [search, setSearch] = useState("");
  const save = useSaveService();
  const categories = useServiceCategories();
  // Every location of the vendor the admin works on, private ones included (GET /me).
  const me = useStaffSession();
  const questions = useQuestionsAdmin("false");
  const ids = useId();

  function submit(event: FormEvent, archived?: boolean) {
    event.preventDefault();
    if (save.isPending) return;
    const attributes = {
      ...draft,
      instructions: draft.instructions?.trim() ? draft.instructions : null,
      ...(archived === undefined ? {} : { archived }),
    };
    const request =
      serviceId && stored
        ? { id: serviceId, version: form.baseVersion, attributes }
        : { id: null, attributes };
    save.mutate(
      request,
      form.outcome(
        (service) => t(savedText(archived, "Office.services"), { name: service.attributes.name }),
        serviceId ? undefined : (service) => paths.service(service.id),
      ),
    );
  }

  const knownLocations = me.locations.map((location) => ({
    id: String(location.id),
    name: location.name,
  }));
  const term = search.trim().toLocaleLowerCase();
  const shownLocations = knownLocations.filter(
    (location) => !term || location.name.toLocaleLowerCase().includes(term),
  );
  // Offered at locations no longer listed (archived ones): kept, listed by id.
  const otherLocations = draft.location_ids.filter(
    (id) => !knownLocations.some((location) => location.id === id),
  );
  const toggleLocation = (id: string, on: boolean) =>
    set(
      "location_ids",
      on ? [...draft.location_ids, id] : draft.location_ids.filter((other) => other !== id),
    );
  const asked = (questions.data ?? []).filter(
    (question) =>
      question.attributes.service_ids.length === 0 ||
      (serviceId !== null && question.attributes.service_ids.includes(serviceId)),
  );
  const checkbox = (key: keyof Draft, labelId: string) => (
    <label className={styles.check}>
      <input
        type="checkbox"
        checked={Boolean(draft[key])}
        onChange={(event) => set(key, event.target.checked as never)}
      />
      {t(labelId)}
    </label>
  );

  const bufferField = (key: "buffer_before_minutes" | "buffer_after_minutes", labelId: string) => (
    <Field
      label={t(labelId)}
      hint={t("Office.services.field_buffer_hint")}
      error={form.errorAt(key)}
    >
      {(control) => (
        <input
          {...control}
          className={controls.input}
          type="number"
          inputMode="numeric"
          min={0}
          max={240}
          value={Number.isFinite(draft[key]) ? draft[key] : ""}
          onChange={(event) => set(key, event.target.valueAsNumber)}
        />
      )}
    </Field>
  );

  return (
    <section aria-labelledby={`${ids}-title`} className={styles.page}>
      <p>
        <Link to={paths.services()}>{t("Office.services.back")}</Link>
      </p>
      <h1 id={`${ids}-title`} className={styles.title}>
        {title}
        {stored?.archived && (
          <span className={styles.badge}>{t("Office.services.archived_badge")}</span>
        )}
      </h1>
      <SaveOutcome {...form.outcomeProps} />
      <form className={styles.form} onSubmit={(event) => submit(event)} noValidate>
        <div className={styles.card}>
          <div className={styles.grid}>
            <Field label={t("Office.services.field_name")} error={form.errorAt("name")} required>
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
              label={t("Office.services.field_duration")}
              hint={t("Office.services.field_duration_hint")}
              error={form.errorAt("duration_minutes")}
              required
            >
              {(control) => (
                <input
                  {...control}
                  className={controls.input}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={1440}
                  value={Number.isFinite(draft.duration_minutes) ? draft.duration_minutes : ""}
                  onChange={(event) => set("duration_minutes", event.target.valueAsNumber)}
                />
              )}
            </Field>
            {bufferField("buffer_before_minutes", "Office.services.field_buffer_before")}
            {bufferField("buffer_after_minutes", "Office.services.field_buffer_after")}
            <Field
              label={t("Office.services.field_ticket_prefix")}
              hint={t("Office.services.field_ticket_prefix_hint")}
              error={form.errorAt("ticket_prefix")}
              required
            >
              {(control) => (
                <input
                  {...control}
                  className={controls.input}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={3}
                  value={draft.ticket_prefix}
                  // Letters only, as capitals: what the server takes, so typing "b" gives "B".
                  onChange={(event) => set("ticket_prefix", event.target.value.toUpperCase())}
                />
              )}
            </Field>
            <Field label={t("Office.services.field_category")} error={form.errorAt("category_id")}>
              {(control) => (
                <select
                  {...control}
                  className={controls.input}
                  value={draft.category_id ?? ""}
                  onChange={(event) => set("category_id", event.target.value || null)}
                >
                  <option value="">{t("Office.services.no_category")}</option>
                  {(categories.data ?? [])
                    .filter((c) => !c.attributes.archived || c.id === draft.category_id)
                    .map((category) => (
                      <option key={category.id} value={category.id}>
                        {category.attributes.name}
                      </option>
                    ))}
                </select>
              )}
            </Field>
          </div>
          <Field
            label={t("Office.services.field_instructions")}
            hint={t("Office.services.field_instructions_hint")}
            error={form.errorAt("instructions")}
          >
            {(control) => (
              <textarea
                {...control}
                className={controls.input}
                rows={3}
                value={draft.instructions ?? ""}
                onChange={(event) => set("instructions", event.target.value)}
              />
            )}
          </Field>
          <TranslationFields
            fields={[
              { field: "name", label: t("Office.services.field_name") },
              {
                field: "instructions",
                label: t("Office.services.field_instructions"),
                multiline: true,
              },
            ]}
            value={draft.translations}
            onChange={(next) => set("translations", next)}
            error={form.errorAt("translations")}
          />
        </div>
        <div className={`${styles.card} ${styles.grid}`}>
          <fieldset
            className={styles.fieldset}
            aria-describedby={form.errorAt("supports_in_person") ? `${ids}-methods` : undefined}
          >
            <legend>{t("Office.services.methods_legend")}</legend>
            {checkbox("supports_in_person", "Office.services.method_in_person")}
            {checkbox("supports_phone", "Office.services.method_phone")}
            {checkbox("supports_video", "Office.services.method_video")}
            {form.errorAt("supports_in_person") && (
              <p id={`${ids}-methods`} className={styles.error}>
                {form.errorAt("supports_in_person")}
              </p>
            )}
          </fieldset>
          <fieldset
            className={styles.fieldset}
            aria-describedby={form.errorAt("supports_walkin") ? `${ids}-fulfil` : undefined}
          >
            <legend>{t("Office.services.fulfillment_legend")}</legend>
            {checkbox("supports_walkin", "Office.services.fulfillment_walkin")}
            {checkbox("supports_curbside_pickup", "Office.services.fulfillment_curbside")}
            {form.errorAt("supports_walkin") && (
              <p id={`${ids}-fulfil`} className={styles.error}>
                {form.errorAt("supports_walkin")}
              </p>
            )}
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend>{t("Office.services.lobby_legend")}</legend>
            {checkbox("display_in_lobby", "Office.services.field_display_in_lobby")}
          </fieldset>
        </div>
        <fieldset className={`${styles.card} ${styles.fieldset}`}>
          <legend>
            {t("Office.services.field_locations")} (
            {t("Office.services.location_count", { count: draft.location_ids.length })})
          </legend>
          {form.errorAt("location_ids") && (
            <p className={styles.error}>{form.errorAt("location_ids")}</p>
          )}
          <Field label={t("Office.services.search_locations")}>
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
            {shownLocations.map((location) => (
              <label key={location.id} className={styles.check}>
                <input
                  type="checkbox"
                  checked={draft.location_ids.includes(location.id)}
                  onChange={(event) => toggleLocation(location.id, event.target.checked)}
                />
                {location.name}
              </label>
            ))}
            {otherLocations.map((id) => (
              <label key={id} className={styles.check}>
                <input type="checkbox" checked onChange={() => toggleLocation(id, false)} />
                {t("Office.services.location_by_id", { id })}
              </label>
            ))}
            {shownLocations.length === 0 && otherLocations.length === 0 && (
              <p className={styles.meta}>{t("Office.services.no_locations_match")}</p>
            )}
          </div>
        </fieldset>
        {serviceId && (
          <section className={styles.card} aria-labelledby={`${ids}-questions`}>
            <h2 id={`${ids}-questions`}>{t("Office.services.questions_asked")}</h2>
            {asked.length === 0 ? (
              <p className={styles.meta}>{t("Office.services.no_questions")}</p>
            ) : (
              <ul>
                {asked.map((question) => (
                  <li key={question.id}>
                    <Link to={paths.question(question.id)}>{question.attributes.label}</Link>
                    {question.attributes.service_ids.length === 0 && (
                      <span className={styles.meta}>
                        {" "}
                        — {t("Office.services.asked_everywhere")}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <Link to={paths.questions()}>{t("Office.services.questions_link")}</Link>
          </section>
        )}
        <FormActions
          submitLabel={serviceId ? t("Office.services.save") : t("Office.services.create")}
          pending={save.isPending}
          archive={
            serviceId && stored
              ? {
                  archived: stored.archived,
                  archiveLabel: t("Office.services.archive"),
                  restoreLabel: t("Office.services.restore"),
                  onToggle: (event) => submit(event, !stored.archived),
                }
              : undefined
          }
        />
      </form>
      {serviceId && (
        <AuditTrail
          subjectType="service"
          subjectId={serviceId}
          labelOf={(attribute) => {
            const id = SERVICE_LABELS[attribute];
            return id ? t(id) : undefined;
          }}
        />
      )}
    </section>
  );
}
