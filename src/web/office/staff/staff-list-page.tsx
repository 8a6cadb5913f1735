// /staff: the vendor's staff, searchable by name or email and filtered by location, role and status
// (all kept in the address), a table on a desk and cards on a phone, and "Invite staff": email,
// names, role (only those the caller may give), language and locations.
import { type FormEvent, useState } from "react";
import { useIntl } from "react-intl";
import { grantableRoles } from "../../../shared/contracts/staff.ts";
import { LOCALES, ROLES } from "../../../shared/domain.ts";
import { type StaffListDocument, useInviteStaff, useStaffList } from "../../api/office/staff.ts";
import { paths } from "../../paths.ts";
import { Link, useNavigate, useSearchParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import { useStaffSession } from "../shell/staff-session.ts";
import styles from "./staff-pages.module.css";

const ROLE_NAMES = Object.fromEntries(Object.entries(ROLES).map(([name, level]) => [level, name]));

export function useRoleLabel() {
  const intl = useIntl();
  return (level: number) => intl.formatMessage({ id: `Office.role_${ROLE_NAMES[level]}` });
}

export function StaffListPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const me = useStaffSession();
  const roleLabel = useRoleLabel();
  const title = t("Office.staff.title");
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const filters = {
    q: params.get("q") ?? undefined,
    location: params.get("location") ?? undefined,
    role: params.get("role") ?? undefined,
    status: params.get("status") ?? undefined,
  };
  const page = Math.max(1, Number(params.get("page") ?? "1") || 1);
  const list = useStaffList({ ...filters, page });
  const [search, setSearch] = useState(filters.q ?? "");
  const [inviting, setInviting] = useState(false);

  function setFilter(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete("page");
    setParams(next, { replace: true });
  }

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

      <form
        className={styles.toolbar}
        aria-label={t("Office.staff.filters")}
        onSubmit={(event) => {
          event.preventDefault();
          setFilter("q", search.trim());
        }}
      >
        <Field label={t("Office.staff.search")}>
          {(control) => (
            <input
              {...control}
              className={controls.input}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              onBlur={() => setFilter("q", search.trim())}
            />
          )}
        </Field>
        <Field label={t("Office.staff.location")}>
          {(control) => (
            <select
              {...control}
              className={controls.input}
              value={filters.location ?? ""}
              onChange={(event) => setFilter("location", event.target.value)}
            >
              <option value="">{t("Office.staff.every_location")}</option>
              {me.locations.map((location) => (
                <option key={location.id} value={String(location.id)}>
                  {location.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("Office.staff.role")}>
          {(control) => (
            <select
              {...control}
              className={controls.input}
              value={filters.role ?? ""}
              onChange={(event) => setFilter("role", event.target.value)}
            >
              <option value="">{t("Office.staff.every_role")}</option>
              {Object.values(ROLES).map((level) => (
                <option key={level} value={String(level)}>
                  {roleLabel(level)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("Office.staff.status")}>
          {(control) => (
            <select
              {...control}
              className={controls.input}
              value={filters.status ?? "active"}
              onChange={(event) =>
                setFilter("status", event.target.value === "active" ? "" : event.target.value)
              }
            >
              <option value="active">{t("Office.staff.status_active")}</option>
              <option value="deactivated">{t("Office.staff.status_deactivated")}</option>
              <option value="all">{t("Office.staff.status_all")}</option>
            </select>
          )}
        </Field>
      </form>

      <div role="status" className="visually-hidden">
        {data ? t("Office.staff.count", { count: data.meta.total }) : ""}
      </div>
      {list.isError && (
        <p className={controls.alert} role="alert">
          {describeError(intl, list.error)}
        </p>
      )}
      {data && data.data.length === 0 && <p>{t("Office.staff.none")}</p>}
      {data && data.data.length > 0 && <StaffTable rows={data.data} />}
      {pages > 1 && (
        <nav aria-label={t("Office.staff.pages")} className={styles.actions}>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            disabled={page <= 1}
            onClick={() => setFilter("page", String(page - 1))}
          >
            {t("Office.staff.previous")}
          </button>
          <span>{t("Office.staff.page_of", { page, pages })}</span>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            disabled={page >= pages}
            onClick={() => {
              const next = new URLSearchParams(params);
              next.set("page", String(page + 1));
              setParams(next, { replace: true });
            }}
          >
            {t("Office.staff.next")}
          </button>
        </nav>
      )}
    </section>
  );
}

function StaffTable({ rows }: { rows: StaffListDocument["data"] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const roleLabel = useRoleLabel();
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{t("Office.staff.name")}</th>
          <th scope="col">{t("Office.staff.role")}</th>
          <th scope="col">{t("Office.staff.locations")}</th>
          <th scope="col">{t("Office.staff.status")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">
              <Link to={paths.staffMember(row.id)}>
                {`${row.attributes.first_name} ${row.attributes.last_name}`}
              </Link>
              <div className={styles.muted}>{row.attributes.email}</div>
            </th>
            <td>{roleLabel(row.attributes.role_level)}</td>
            <td>
              {row.attributes.locations.length === 0
                ? t("Office.staff.no_locations")
                : row.attributes.locations
                    .map((l) => (l.desk ? `${l.name} (${l.desk})` : l.name))
                    .join(", ")}
            </td>
            <td>
              <span className={styles.badge}>
                {!row.attributes.active
                  ? t("Office.staff.status_deactivated_one")
                  : row.attributes.invitation_pending
                    ? t("Office.staff.invited")
                    : t("Office.staff.status_active_one")}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
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
