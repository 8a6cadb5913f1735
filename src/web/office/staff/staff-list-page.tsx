// /staff: the vendor's staff, searchable by name or email and filtered by location, role and status
// (all kept in the address), a table on a desk and cards on a phone, and "Invite staff": email,
// names, role (only those the caller may give), language and locations.
import { type FormEvent, useState } from "react";
import { useIntl } from "react-intl";
import { grantableRoles } from "../../../shared/contracts/staff.ts";
import { LOCALES, ROLES } from "../../../shared/domain.ts";
import { useInviteStaff, useStaffList } from "../../api/office/staff.ts";
import { Link, useNavigate } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { DataTable } from "../../ui/data-table.tsx";
import { Field } from "../../ui/field.tsx";
import { FilterBar, SearchFilter, SelectFilter } from "../../ui/filter-bar.tsx";
import { EmptyState, ListLoadFailed, ListLoading } from "../../ui/list-states.tsx";
import { Pager } from "../../ui/pager.tsx";
import { searchParam, useSearchState } from "../../ui/search-state.ts";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import { paths } from "../office-paths.ts";
import { useStaffSession } from "../shell/staff-session.ts";
import { useRoleLabel } from "./role-label.ts";
import { useStaffColumns } from "./staff-columns.tsx";
import styles from "./staff-pages.module.css";

const ROLE_VALUES = Object.values(ROLES).map(String);

const LIST_STATE = {
  q: searchParam.text(),
  location: searchParam.id(),
  role: searchParam.oneOf(["", ...ROLE_VALUES], ""),
  status: searchParam.oneOf(["active", "deactivated", "all"], "active"),
  page: searchParam.page(),
};

export function StaffListPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const me = useStaffSession();
  const roleLabel = useRoleLabel();
  const title = t("Office.staff.title");
  usePageTitle(title);
  const { values: filters, set } = useSearchState(LIST_STATE);
  const list = useStaffList({
    q: filters.q.trim() || undefined,
    location: filters.location || undefined,
    role: filters.role || undefined,
    status: filters.status === "active" ? undefined : filters.status,
    page: filters.page,
  });
  const columns = useStaffColumns();
  const [inviting, setInviting] = useState(false);

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.meta.total / data.meta.limit)) : 1;

  return (
    <section aria-labelledby="staff-title" className={styles.page}>
      <h1 id="staff-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.intro}>{t("Office.staff.intro")}</p>

      <div className={styles.actions}>
        <button
          type="button"
          className={`${controls.button} ${controls.primary}`}
          aria-expanded={inviting}
          aria-controls="staff-invite"
          onClick={() => setInviting((open) => !open)}
        >
          {t("Office.staff.invite")}
        </button>
        <Link to={paths.importStaff()} className={`${controls.button} ${controls.secondary}`}>
          {t("Office.staff.import")}
        </Link>
        <a
          href={paths.api.internal.csvExport("staff")}
          download
          className={`${controls.button} ${controls.quiet}`}
        >
          {t("Office.staff.export")}
        </a>
      </div>
      {inviting && <InviteForm onDone={() => setInviting(false)} />}

      <FilterBar label={t("Office.staff.filters")}>
        <SearchFilter
          label={t("Office.staff.search")}
          value={filters.q}
          onChange={(q) => set("q", q, { replace: true })}
        />
        <SelectFilter
          label={t("Office.staff.location")}
          allLabel={t("Office.staff.every_location")}
          value={filters.location}
          onChange={(location) => set("location", location)}
          options={me.locations.map((location) => ({
            value: String(location.id),
            label: location.name,
          }))}
        />
        <SelectFilter
          label={t("Office.staff.role")}
          allLabel={t("Office.staff.every_role")}
          value={filters.role}
          onChange={(role) => set("role", role)}
          options={Object.values(ROLES).map((level) => ({
            value: String(level),
            label: roleLabel(level),
          }))}
        />
        <SelectFilter
          label={t("Office.staff.status")}
          value={filters.status}
          onChange={(status) => set("status", status as typeof filters.status)}
          options={(["active", "deactivated", "all"] as const).map((status) => ({
            value: status,
            label: t(`Office.staff.status_${status}`),
          }))}
        />
      </FilterBar>

      <div role="status" className="visually-hidden">
        {data ? t("Office.staff.count", { count: data.meta.total }) : ""}
      </div>
      {list.isPending ? (
        <ListLoading />
      ) : list.isError && !data ? (
        <ListLoadFailed message={describeError(intl, list.error)} onRetry={() => list.refetch()} />
      ) : data && data.data.length === 0 ? (
        <EmptyState title={t("Office.staff.none")} />
      ) : (
        data && (
          <>
            <DataTable
              caption={t("Office.staff.count", { count: data.meta.total })}
              columns={columns}
              rows={data.data}
              rowId={(row) => row.id}
              busy={list.isFetching}
            />
            <Pager page={filters.page} pages={pages} onPage={(page) => set("page", page)} />
          </>
        )
      )}
    </section>
  );
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const me = useStaffSession();
  const roleLabel = useRoleLabel();
  const navigate = useNavigate();
  const invite = useInviteStaff();
  const roles = grantableRoles(me.role.level);
  const [values, setValues] = useState({
    email: "",
    first_name: "",
    last_name: "",
    role_level: String(ROLES.staff),
    lang: intl.locale,
    location: "",
  });
  const errors = fieldErrorsOf(invite.error);
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (invite.isPending) return;
    invite.mutate(
      {
        email: values.email,
        first_name: values.first_name,
        last_name: values.last_name,
        role_level: Number(values.role_level),
        lang: (LOCALES as readonly string[]).includes(values.lang)
          ? (values.lang as (typeof LOCALES)[number])
          : "en",
        locations: values.location ? [{ location_id: values.location }] : [],
      },
      {
        onSuccess: (saved) => {
          onDone();
          navigate(paths.staffMember(saved.data.id), { state: { invited: true } });
        },
      },
    );
  }

  const at = (field: string) => errors.get(`/data/attributes/${field}`);
  const unplaced = invite.isError && [...errors.keys()].length === 0;
  return (
    <form id="staff-invite" className={styles.panel} onSubmit={submit} noValidate>
      <h2>{t("Office.staff.invite_title")}</h2>
      <p className={styles.muted}>{t("Office.staff.invite_hint")}</p>
      {unplaced && (
        <p className={controls.alert} role="alert">
          {describeError(intl, invite.error)}
        </p>
      )}
      <div className={styles.grid}>
        <Field label={t("Office.staff.email")} error={at("email")} required>
          {(control) => (
            <input
              {...control}
              className={controls.input}
              type="email"
              autoComplete="off"
              value={values.email}
              onChange={set("email")}
            />
          )}
        </Field>
        <Field label={t("Office.staff.first_name")} error={at("first_name")} required>
          {(control) => (
            <input
              {...control}
              className={controls.input}
              value={values.first_name}
              onChange={set("first_name")}
            />
          )}
        </Field>
        <Field label={t("Office.staff.last_name")} error={at("last_name")} required>
          {(control) => (
            <input
              {...control}
              className={controls.input}
              value={values.last_name}
              onChange={set("last_name")}
            />
          )}
        </Field>
        <Field label={t("Office.staff.role")} error={at("role_level")} required>
          {(control) => (
            <select
              {...control}
              className={controls.input}
              value={values.role_level}
              onChange={set("role_level")}
            >
              {roles.map((level) => (
                <option key={level} value={String(level)}>
                  {roleLabel(level)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("Office.staff.lang")} error={at("lang")}>
          {(control) => (
            <select
              {...control}
              className={controls.input}
              value={values.lang}
              onChange={set("lang")}
            >
              {LOCALES.map((locale) => (
                <option key={locale} value={locale}>
                  {t(`Office.staff.locale_${locale.replace("-", "_")}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t("Office.staff.first_location")}
          error={at("locations/0/location_id")}
          markOptional
        >
          {(control) => (
            <select
              {...control}
              className={controls.input}
              value={values.location}
              onChange={set("location")}
            >
              <option value="">{t("Office.staff.no_location_yet")}</option>
              {me.locations.map((location) => (
                <option key={location.id} value={String(location.id)}>
                  {location.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className={styles.actions}>
        <button
          type="submit"
          className={`${controls.button} ${controls.primary}`}
          aria-disabled={invite.isPending || undefined}
        >
          {t("Office.staff.send_invitation")}
        </button>
        <button type="button" className={`${controls.button} ${controls.quiet}`} onClick={onDone}>
          {t("Office.staff.cancel")}
        </button>
      </div>
    </form>
  );
}
