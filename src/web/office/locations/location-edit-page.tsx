// /locations/new and /locations/{id}: a location's edit form in sections (basics, address and map,
// contact, visitors, translations), archive and restore, and its history. Saved with If-Match:
// when someone else saved first, the page shows what they changed and lets the person lay their
// own changes onto the new version. The server's reasons show under each field and focus goes to
// the first refused one; "saved" is announced.
import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { AdminLocation } from "../../../shared/contracts/admin-location.ts";
import {
  conflictCurrent,
  useAdminLocation,
  useCreateLocation,
  useUpdateLocation,
} from "../../api/office/admin-locations.ts";
import { Link, useLocation, useNavigate, useParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { AuditTrail } from "../audit/audit-trail.tsx";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import { paths } from "../office-paths.ts";
import { ConflictNotice } from "./conflict-notice.tsx";
import {
  attributesOf,
  changedAttributes,
  draftOf,
  emptyDraft,
  type LocationDraft,
  rebaseDraft,
} from "./location-draft.ts";
import styles from "./location-edit-page.module.css";
import { errorsByField, LocationFields } from "./location-fields.tsx";
import { fieldLabel } from "./location-labels.ts";

export function LocationEditPage() {
  const { id } = useParams();
  if (!id || id === "new") return <LocationEditor location={null} />;
  return <ExistingLocation id={id} />;
}

function ExistingLocation({ id }: { id: string }) {
  const intl = useIntl();
  const query = useAdminLocation(id);
  if (query.data) return <LocationEditor key={id} location={query.data} />;
  return (
    <section className={styles.page} aria-labelledby="location-title">
      <h1 id="location-title" className={styles.title}>
        {intl.formatMessage({ id: "Office.locations.edit_title" })}
      </h1>
      {query.isError ? (
        <p role="alert" className={controls.alert}>
          {describeError(intl, query.error)}
        </p>
      ) : (
        <p>{intl.formatMessage({ id: "Office.loading" })}</p>
      )}
    </section>
  );
}

type Status = { kind: "saved" | "created" | "archived" | "restored"; key: number };

function LocationEditor({ location }: { location: AdminLocation | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `Office.locations.${id}` }, values);
  const navigate = useNavigate();
  const place = useLocation();
  const created = (place.state as { created?: boolean } | null)?.created === true;
  const [base, setBase] = useState<AdminLocation | null>(location);
  const [draft, setDraft] = useState<LocationDraft>(() =>
    location ? draftOf(location.attributes) : emptyDraft(),
  );
  const [errors, setErrors] = useState(new Map<string, string>());
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<AdminLocation | null>(null);
  const [status, setStatus] = useState<Status | null>(created ? { kind: "created", key: 0 } : null);
  const [confirmArchive, setConfirmArchive] = useState(false);
  // Why archiving was refused (visitors still in line), said in the archive section itself.
  const [archiveFailure, setArchiveFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const pending = create.isPending || update.isPending;
  const title = base ? base.attributes.name : t("new_title");
  usePageTitle(base ? t("edit_page_title", { name: base.attributes.name }) : t("new_title"));

  // After a refusal, focus the first field the server named.
  useEffect(() => {
    if (errors.size === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const refused = (error: unknown) => {
    const current = conflictCurrent(error);
    if (current) {
      setConflict(current);
      return;
    }
    const byField = errorsByField(error, draft);
    setErrors(byField);
    setFailure(byField.size === 0 ? describeError(intl, error) : null);
  };

  const afterSave = (saved: AdminLocation, kind: Status["kind"], keep: LocationDraft) => {
    setErrors(new Map());
    setFailure(null);
    setConflict(null);
    setBase(saved);
    setDraft(keep);
    setStatus({ kind, key: Date.now() });
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setStatus(null);
    if (!base) {
      create.mutate(attributesOf(draft), {
        onSuccess: (saved) =>
          navigate(paths.adminLocation(saved.id), { replace: true, state: { created: true } }),
        onError: refused,
      });
      return;
    }
    const attributes = changedAttributes(draftOf(base.attributes), draft);
    update.mutate(
      { id: base.id, version: base.attributes.version, attributes },
      {
        onSuccess: (saved) => afterSave(saved, "saved", draftOf(saved.attributes)),
        onError: refused,
      },
    );
  };

  const setArchived = (archived: boolean) => {
    if (!base || pending) return;
    setConfirmArchive(false);
    setArchiveFailure(null);
    setStatus(null);
    update.mutate(
      { id: base.id, version: base.attributes.version, attributes: { archived } },
      {
        // Unsaved edits stay in the form, on top of the new version.
        onSuccess: (saved) =>
          afterSave(
            saved,
            archived ? "archived" : "restored",
            rebaseDraft(draftOf(base.attributes), draft, draftOf(saved.attributes)),
          ),
        onError: (error) => {
          const reason = fieldErrorsOf(error).get("/data/attributes/archived");
          if (reason) setArchiveFailure(reason);
          else refused(error);
        },
      },
    );
  };

  const resolveConflict = (keepMine: boolean) => {
    if (!base || !conflict) return;
    const theirs = draftOf(conflict.attributes);
    setDraft(keepMine ? rebaseDraft(draftOf(base.attributes), draft, theirs) : theirs);
    setBase(conflict);
    setConflict(null);
    setErrors(new Map());
    statusRef.current?.focus();
  };

  const archived = base?.attributes.archived === true;

  return (
    <section className={styles.page} aria-labelledby="location-title">
      <p className={styles.back}>
        <Link to={paths.adminLocations()}>{t("back_to_list")}</Link>
      </p>
      <h1 id="location-title" className={styles.title}>
        {title}
        {archived && <span className={styles.badge}>{t("archived_badge")}</span>}
      </h1>
      {!base && <p className={styles.intro}>{t("new_intro")}</p>}

      <div ref={statusRef} tabIndex={-1} role="status" className={styles.status}>
        {status && (
          <p key={status.key} className={controls.notice}>
            {t(`status_${status.kind}`)}
          </p>
        )}
      </div>

      {conflict && base && (
        <ConflictNotice
          base={base}
          current={conflict}
          draft={draft}
          onKeepMine={() => resolveConflict(true)}
          onDiscardMine={() => resolveConflict(false)}
        />
      )}

      <form ref={formRef} onSubmit={onSubmit} noValidate className={styles.form}>
        <LocationFields draft={draft} onChange={setDraft} errors={errors} />
        {failure && (
          <p role="alert" className={controls.alert}>
            {failure}
          </p>
        )}
        <div className={styles.actions}>
          <button
            type="submit"
            className={`${controls.button} ${controls.primary}`}
            aria-disabled={pending || undefined}
          >
            {pending ? t("saving") : base ? t("save") : t("create")}
          </button>
          <Link className={`${controls.button} ${controls.quiet}`} to={paths.adminLocations()}>
            {t("cancel")}
          </Link>
        </div>
      </form>

      {base && (
        <section aria-labelledby="archive-title" className={styles.card}>
          <h2 id="archive-title" className={styles.sectionTitle}>
            {t(archived ? "restore_title" : "archive_title")}
          </h2>
          <p className={styles.hint}>{t(archived ? "restore_text" : "archive_text")}</p>
          {archiveFailure && (
            <p role="alert" className={controls.alert}>
              {archiveFailure}
            </p>
          )}
          {archived ? (
            <button
              type="button"
              className={`${controls.button} ${controls.secondary}`}
              onClick={() => setArchived(false)}
            >
              {t("restore")}
            </button>
          ) : confirmArchive ? (
            <div className={styles.confirm}>
              <p>{t("archive_confirm", { name: base.attributes.name })}</p>
              <div className={styles.actions}>
                <button
                  type="button"
                  // biome-ignore lint/a11y/noAutofocus: the confirmation takes focus as it opens
                  autoFocus
                  className={`${controls.button} ${controls.danger}`}
                  onClick={() => setArchived(true)}
                >
                  {t("archive_confirm_button")}
                </button>
                <button
                  type="button"
                  className={`${controls.button} ${controls.secondary}`}
                  onClick={() => setConfirmArchive(false)}
                >
                  {t("cancel")}
                </button>
              </div>
            </div>
          ) : (
            <button
              type="button"
              className={`${controls.button} ${controls.secondary}`}
              onClick={() => setConfirmArchive(true)}
            >
              {t("archive")}
            </button>
          )}
        </section>
      )}

      {base && (
        <div className={styles.history}>
          <AuditTrail
            subjectType="location"
            subjectId={base.id}
            labelOf={(attribute) => fieldLabel(intl, attribute)}
          />
        </div>
      )}
    </section>
  );
}
