// /settings/api: the vendor's API keys for integrators (docs/api-keys.md), for Admins
// (security.manage). The list shows each key's name, public prefix, scopes, creation, last use,
// expiry and state; "Create API key" asks for a name, the permissions (only those the Admin holds,
// grouped, each with a short description) and an expiry, then shows the token once with a copy
// button; a key is revoked after a confirmation.
import { type FormEvent, useId, useMemo, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { API_KEY_NAME_MAX, API_KEY_SCOPE_GROUPS } from "../../../shared/contracts/api-key.ts";
import type { Permission } from "../../../shared/permissions.ts";
import {
  type ApiKeyResource,
  useApiKeys,
  useCreateApiKey,
  useRevokeApiKey,
} from "../../api/office/api-keys.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import controls from "../../ui/controls.module.css";
import { DataTable, type DataTableColumn } from "../../ui/data-table.tsx";
import { Field } from "../../ui/field.tsx";
import { EmptyState, ListLoadFailed, ListLoading } from "../../ui/list-states.tsx";
import { ModalDialog } from "../../ui/modal-dialog.tsx";
import { showToast } from "../../ui/toast.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import styles from "../services/services.module.css";
import { hasPermission, useStaffSession } from "../shell/staff-session.ts";
import own from "./api-keys-page.module.css";

type Created = { name: string; token: string };

export function ApiKeysPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const title = t("Office.api_keys.title");
  usePageTitle(title);
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyResource | null>(null);
  const columns = useApiKeyColumns(setRevoking);
  const list = keys.data ?? [];

  const confirmRevoke = () => {
    if (!revoking) return;
    const name = revoking.attributes.name;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        setRevoking(null);
        showToast(t("Office.api_keys.revoked_toast", { name }));
      },
    });
  };

  return (
    <section aria-labelledby="api-keys-title" className={styles.page}>
      <h1 id="api-keys-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.intro}>{t("Office.api_keys.intro")}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${controls.button} ${controls.primary}`}
          onClick={() => setCreating(true)}
        >
          {t("Office.api_keys.create")}
        </button>
      </div>
      {keys.isPending ? (
        <ListLoading />
      ) : keys.isError ? (
        <ListLoadFailed message={describeError(intl, keys.error)} onRetry={() => keys.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t("Office.api_keys.none")} />
      ) : (
        <DataTable
          caption={t("Office.api_keys.list_heading")}
          columns={columns}
          rows={list}
          rowId={(key) => key.id}
          busy={keys.isFetching}
        />
      )}
      <ModalDialog
        isOpen={creating}
        onClose={() => setCreating(false)}
        title={t("Office.api_keys.create")}
        size="large"
      >
        <CreateApiKeyForm
          onCancel={() => setCreating(false)}
          onCreated={(next) => {
            setCreating(false);
            setCreated(next);
          }}
        />
      </ModalDialog>
      <ModalDialog
        isOpen={created !== null}
        onClose={() => setCreated(null)}
        title={t("Office.api_keys.token_title")}
        role="alertdialog"
      >
        {created && <TokenOnce token={created.token} onDone={() => setCreated(null)} />}
      </ModalDialog>
      <ConfirmDialog
        open={revoking !== null}
        role="alertdialog"
        tone="danger"
        title={t("Office.api_keys.revoke_title", { name: revoking?.attributes.name ?? "" })}
        message={t("Office.api_keys.revoke_message")}
        confirmLabel={t("Office.api_keys.revoke_confirm")}
        cancelLabel={t("Office.api_keys.cancel")}
        busy={revoke.isPending}
        error={revoke.isError ? describeError(intl, revoke.error) : undefined}
        onConfirm={confirmRevoke}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
      />
    </section>
  );
}

/** The last day a key works, as the instant it stops: the end of that day where the Admin is. */
function endOfDay(date: string): string {
  return new Date(`${date}T23:59:59.999`).toISOString();
}

function CreateApiKeyForm(props: { onCancel: () => void; onCreated: (created: Created) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const me = useStaffSession();
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ReadonlySet<string>>(new Set());
  const [expiry, setExpiry] = useState<"none" | "date">("none");
  const [date, setDate] = useState("");
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const scopesErrorId = useId();
  const scopesHintId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  // Only the permissions the Admin holds are offered: the server refuses any other.
  const groups = API_KEY_SCOPE_GROUPS.map((group) => ({
    id: group.id,
    scopes: group.scopes.filter((scope: Permission) => hasPermission(me, scope)),
  })).filter((group) => group.scopes.length > 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = new Map<string, string>();
    if (name.trim() === "") found.set("name", t("Errors.required"));
    if (scopes.size === 0) found.set("scopes", t("ApiKeys.scopes_required"));
    if (expiry === "date" && date === "")
      found.set("expires_at", t("Office.api_keys.expiry_date_required"));
    setProblems(found);
    if (found.size > 0) {
      if (found.has("name")) nameRef.current?.focus();
      return;
    }
    create.mutate(
      {
        name,
        scopes: [...scopes],
        expires_at: expiry === "date" ? endOfDay(date) : null,
      },
      {
        onSuccess: (document) =>
          props.onCreated({ name: document.data.attributes.name, token: document.meta.token }),
        onError: (error) => {
          const fields = new Map<string, string>();
          for (const [pointer, detail] of fieldErrorsOf(error)) {
            const field = pointer.split("/")[3];
            if (field && !fields.has(field)) fields.set(field, detail);
          }
          setProblems(fields);
        },
      },
    );
  };

  const toggle = (scope: string, on: boolean) => {
    const next = new Set(scopes);
    if (on) next.add(scope);
    else next.delete(scope);
    setScopes(next);
  };
  const general = create.isError && problems.size === 0 ? describeError(intl, create.error) : null;

  return (
    <form className={own.form} onSubmit={submit} noValidate>
      <Field
        label={t("Office.api_keys.field_name")}
        hint={t("Office.api_keys.name_hint")}
        error={problems.get("name")}
        required
      >
        {(control) => (
          <input
            {...control}
            ref={nameRef}
            className={controls.input}
            value={name}
            maxLength={API_KEY_NAME_MAX}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <fieldset
        className={own.expiry}
        aria-describedby={[scopesHintId, problems.has("scopes") ? scopesErrorId : null]
          .filter(Boolean)
          .join(" ")}
      >
        <legend>{t("Office.api_keys.field_scopes")}</legend>
        <p id={scopesHintId} className={own.muted}>
          {t("Office.api_keys.scopes_hint")}
        </p>
        <div className={own.groups}>
          {groups.map((group) => (
            <fieldset key={group.id} className={own.scopeGroup}>
              <legend>{t(`Office.api_keys.group.${group.id}`)}</legend>
              {group.scopes.map((scope) => (
                <label key={scope} className={own.scope}>
                  <input
                    type="checkbox"
                    name="scopes"
                    value={scope}
                    checked={scopes.has(scope)}
                    onChange={(event) => toggle(scope, event.target.checked)}
                  />
                  <span>
                    {t(`Office.api_keys.scope.${scope}`)}
                    <span className={own.scopeHint}>
                      {t(`Office.api_keys.scope_hint.${scope}`)}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          ))}
        </div>
        {problems.has("scopes") && (
          <p id={scopesErrorId} className={own.error}>
            {problems.get("scopes")}
          </p>
        )}
      </fieldset>
      <fieldset className={own.expiry}>
        <legend>{t("Office.api_keys.expiry_legend")}</legend>
        <label className={own.option}>
          <input
            type="radio"
            name="expiry"
            value="none"
            checked={expiry === "none"}
            onChange={() => setExpiry("none")}
          />
          {t("Office.api_keys.expiry_none")}
        </label>
        <label className={own.option}>
          <input
            type="radio"
            name="expiry"
            value="date"
            checked={expiry === "date"}
            onChange={() => setExpiry("date")}
          />
          {t("Office.api_keys.expiry_on_date")}
        </label>
        {expiry === "date" && (
          <Field
            label={t("Office.api_keys.expiry_date")}
            error={problems.get("expires_at")}
            required
          >
            {(control) => (
              <input
                {...control}
                type="date"
                className={controls.input}
                value={date}
                onChange={(event) => setDate(event.target.value)}
              />
            )}
          </Field>
        )}
      </fieldset>
      {general && (
        <p className={own.error} role="alert">
          {general}
        </p>
      )}
      <div className={own.buttons}>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          onClick={props.onCancel}
        >
          {t("Office.api_keys.cancel")}
        </button>
        <button
          type="submit"
          className={`${controls.button} ${controls.primary}`}
          aria-disabled={create.isPending || undefined}
        >
          {t("Office.api_keys.submit")}
        </button>
      </div>
    </form>
  );
}

function TokenOnce({ token, onDone }: { token: string; onDone: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const inputId = useId();
  const warningId = useId();
  const doCopy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  };
  return (
    <div>
      <p id={warningId} className={own.warning}>
        {t("Office.api_keys.token_warning")}
      </p>
      <label htmlFor={inputId} className={own.muted}>
        {t("Office.api_keys.token_label")}
      </label>
      <input
        id={inputId}
        className={`${controls.input} ${own.token}`}
        value={token}
        readOnly
        aria-describedby={warningId}
        onFocus={(event) => event.target.select()}
      />
      <div className={own.copyRow}>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          onClick={() => void doCopy()}
        >
          {t("Office.api_keys.copy")}
        </button>
        <p role="status" className={own.muted}>
          {copy === "copied"
            ? t("Office.api_keys.copied")
            : copy === "failed"
              ? t("Office.api_keys.copy_failed")
              : ""}
        </p>
      </div>
      <div className={own.buttons}>
        <button type="button" className={`${controls.button} ${controls.primary}`} onClick={onDone}>
          {t("Office.api_keys.done")}
        </button>
      </div>
    </div>
  );
}

function useApiKeyColumns(
  onRevoke: (key: ApiKeyResource) => void,
): DataTableColumn<ApiKeyResource>[] {
  const intl = useIntl();
  return useMemo(() => {
    const t = (id: string, values?: Record<string, string | number>) =>
      intl.formatMessage({ id }, values);
    const when = (iso: string) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
    return [
      {
        id: "name",
        header: t("Office.api_keys.field_name"),
        meta: { rowHeader: true },
        cell: ({ row: { original: key } }) => key.attributes.name,
      },
      {
        id: "prefix",
        header: t("Office.api_keys.field_prefix"),
        cell: ({ row: { original: key } }) => (
          <span className={own.prefix}>{`${key.attributes.prefix}…`}</span>
        ),
      },
      {
        id: "scopes",
        header: t("Office.api_keys.field_scopes"),
        cell: ({ row: { original: key } }) => (
          <>
            {t("Office.api_keys.scopes_count", { count: key.attributes.scopes.length })}
            <span className={own.muted}>
              {key.attributes.scopes
                .map((scope) =>
                  intl.messages[`Office.api_keys.scope.${scope}`]
                    ? t(`Office.api_keys.scope.${scope}`)
                    : scope,
                )
                .join(", ")}
            </span>
          </>
        ),
      },
      {
        id: "created",
        header: t("Office.api_keys.field_created"),
        cell: ({ row: { original: key } }) => (
          <>
            {when(key.attributes.created_at)}
            {key.attributes.created_by && (
              <span className={own.muted}>
                {t("Office.api_keys.created_by", { name: key.attributes.created_by })}
              </span>
            )}
          </>
        ),
      },
      {
        id: "last_used",
        header: t("Office.api_keys.field_last_used"),
        cell: ({ row: { original: key } }) =>
          key.attributes.last_used_at
            ? when(key.attributes.last_used_at)
            : t("Office.api_keys.never_used"),
      },
      {
        id: "expires",
        header: t("Office.api_keys.field_expires"),
        cell: ({ row: { original: key } }) =>
          key.attributes.expires_at
            ? when(key.attributes.expires_at)
            : t("Office.api_keys.never_expires"),
      },
      {
        id: "state",
        header: t("Office.api_keys.field_state"),
        cell: ({ row: { original: key } }) => (
          <span className={`${own.badge} ${key.attributes.state === "active" ? own.active : ""}`}>
            {t(`Office.api_keys.state_${key.attributes.state}`)}
          </span>
        ),
      },
      {
        id: "actions",
        header: t("Office.api_keys.field_actions"),
        cell: ({ row: { original: key } }) =>
          key.attributes.state === "revoked" ? null : (
            <button
              type="button"
              className={`${controls.button} ${controls.secondary}`}
              aria-label={t("Office.api_keys.revoke_named", { name: key.attributes.name })}
              onClick={() => onRevoke(key)}
            >
              {t("Office.api_keys.revoke")}
            </button>
          ),
      },
    ];
  }, [intl, onRevoke]);
}
