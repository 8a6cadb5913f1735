// /cx-snippets-management: the visitor pages' announcements and notices (docs/cx-snippets.md), for
// Admins (settings.manage). The table says what each is, where and when it shows, in which
// languages, and whether it is on; a snippet is added and edited in a dialog, and deleted after a
// confirmation. Reached from the settings index ("visitors").
import { useMemo, useState } from "react";
import { useIntl } from "react-intl";
import type { Locale } from "../../../shared/domain.ts";
import {
  type CxSnippetResource,
  useCxSnippets,
  useDeleteCxSnippet,
} from "../../api/office/cx-snippets.ts";
import { LANGUAGE_NAMES } from "../../i18n/language-names.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import controls from "../../ui/controls.module.css";
import { DataTable, type DataTableColumn } from "../../ui/data-table.tsx";
import { EmptyState, ListLoadFailed, ListLoading } from "../../ui/list-states.tsx";
import { ModalDialog } from "../../ui/modal-dialog.tsx";
import { showToast } from "../../ui/toast.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError } from "../forms/describe-error.ts";
import styles from "../services/services.module.css";
import { useStaffSession } from "../shell/staff-session.ts";
import { CxSnippetForm } from "./cx-snippet-form.tsx";

/** null: closed; "new": a new snippet; else the snippet edited */
type Editing = null | "new" | CxSnippetResource;

export function CxSnippetsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const title = t("Office.nav_cx_snippets");
  usePageTitle(title);
  const snippets = useCxSnippets();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CxSnippetResource | null>(null);
  const remove = useDeleteCxSnippet();
  const columns = useColumns({ onEdit: setEditing, onDelete: setDeleting });
  const list = snippets.data ?? [];

  return (
    <section aria-labelledby="cx-snippets-title" className={styles.page}>
      <h1 id="cx-snippets-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.intro}>{t("Office.cxSnippets.intro")}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${controls.button} ${controls.primary}`}
          onClick={() => setEditing("new")}
        >
          {t("Office.cxSnippets.add")}
        </button>
      </div>
      {snippets.isPending ? (
        <ListLoading />
      ) : snippets.isError ? (
        <ListLoadFailed
          message={describeError(intl, snippets.error)}
          onRetry={() => snippets.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState title={t("Office.cxSnippets.none")} />
      ) : (
        <DataTable
          caption={t("Office.cxSnippets.list_heading")}
          columns={columns}
          rows={list}
          rowId={(snippet) => snippet.id}
          busy={snippets.isFetching}
        />
      )}
      <ModalDialog
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        title={t(
          editing === "new" ? "Office.cxSnippets.new_title" : "Office.cxSnippets.edit_title",
        )}
        size="large"
      >
        {editing !== null && (
          <CxSnippetForm
            key={editing === "new" ? "new" : editing.id}
            stored={editing === "new" ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              showToast(t("Office.cxSnippets.saved"));
            }}
          />
        )}
      </ModalDialog>
      <ConfirmDialog
        open={deleting !== null}
        role="alertdialog"
        tone="danger"
        title={t("Office.cxSnippets.delete_title")}
        message={t("Office.cxSnippets.delete_message", { name: deleting?.attributes.name ?? "" })}
        confirmLabel={t("Office.cxSnippets.delete_confirm")}
        cancelLabel={t("Office.cxSnippets.cancel")}
        busy={remove.isPending}
        error={remove.error ? describeError(intl, remove.error) : undefined}
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { id: deleting.id, version: deleting.attributes.version },
            {
              onSuccess: () => {
                setDeleting(null);
                showToast(t("Office.cxSnippets.deleted"));
              },
            },
          );
        }}
      />
    </section>
  );
}

function useColumns(actions: {
  onEdit: (snippet: CxSnippetResource) => void;
  onDelete: (snippet: CxSnippetResource) => void;
}): DataTableColumn<CxSnippetResource>[] {
  const intl = useIntl();
  const me = useStaffSession();
  return useMemo(() => {
    const t = (id: string, values?: Record<string, string | number>) =>
      intl.formatMessage({ id }, values);
    const when = (a: CxSnippetResource["attributes"]) => {
      const format = (iso: string) =>
        intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
      if (a.starts_at && a.ends_at)
        return t("Office.cxSnippets.window", {
          start: format(a.starts_at),
          end: format(a.ends_at),
        });
      if (a.starts_at) return t("Office.cxSnippets.from", { start: format(a.starts_at) });
      if (a.ends_at) return t("Office.cxSnippets.until", { end: format(a.ends_at) });
      return t("Office.cxSnippets.always");
    };
    const where = (id: string | null) =>
      id === null
        ? t("Office.cxSnippets.every_location")
        : (me.locations.find((l) => String(l.id) === id)?.name ?? id);
    return [
      {
        id: "name",
        header: t("Office.cxSnippets.field_name"),
        meta: { rowHeader: true },
        cell: ({ row: { original: snippet } }) => snippet.attributes.name,
      },
      {
        id: "kind",
        header: t("Office.cxSnippets.field_kind"),
        cell: ({ row: { original: snippet } }) =>
          t(`Office.cxSnippets.kind_${snippet.attributes.kind}`),
      },
      {
        id: "where",
        header: t("Office.cxSnippets.field_where"),
        cell: ({ row: { original: snippet } }) => where(snippet.attributes.location_id),
      },
      {
        id: "when",
        header: t("Office.cxSnippets.field_when"),
        cell: ({ row: { original: snippet } }) => when(snippet.attributes),
      },
      {
        id: "languages",
        header: t("Office.cxSnippets.field_languages"),
        cell: ({ row: { original: snippet } }) =>
          Object.keys(snippet.attributes.content)
            .map((locale) => LANGUAGE_NAMES[locale as Locale] ?? locale)
            .join(", "),
      },
      {
        id: "active",
        header: t("Office.cxSnippets.field_active"),
        cell: ({ row: { original: snippet } }) =>
          t(
            snippet.attributes.active
              ? "Office.cxSnippets.active_yes"
              : "Office.cxSnippets.active_no",
          ),
      },
      {
        id: "actions",
        header: t("Office.cxSnippets.field_actions"),
        cell: ({ row: { original: snippet } }) => (
          <span className={styles.rowActions}>
            <button
              type="button"
              className={`${controls.button} ${controls.secondary}`}
              onClick={() => actions.onEdit(snippet)}
            >
              {t("Office.cxSnippets.edit", { name: snippet.attributes.name })}
            </button>
            <button
              type="button"
              className={`${controls.button} ${controls.danger}`}
              onClick={() => actions.onDelete(snippet)}
            >
              {t("Office.cxSnippets.delete", { name: snippet.attributes.name })}
            </button>
          </span>
        ),
      },
    ];
  }, [intl, me.locations, actions.onEdit, actions.onDelete]);
}
