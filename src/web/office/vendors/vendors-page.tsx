// /vendors: the platform admin's vendors — every vendor with its host names and admins — and "Add
// vendor": a name, a slug, host names and the first admin's name and email; the admin is sent an
// invitation to set their password. The outcome is announced; refusals show at their fields.
import { useRef, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { useIntl } from "react-intl";
import { ApiError } from "../../api/client.ts";
import { parseHosts, suggestSlug } from "../../api/office/setup.ts";
import { useCreateVendor, useVendors } from "../../api/office/vendors.ts";
import { Link } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError } from "../forms/describe-error.ts";
import { paths } from "../office-paths.ts";
import styles from "./vendors-page.module.css";

type Values = {
  name: string;
  slug: string;
  hosts: string;
  firstName: string;
  lastName: string;
  email: string;
};

const EMPTY: Values = { name: "", slug: "", hosts: "", firstName: "", lastName: "", email: "" };

const FIELD_POINTERS: Array<[string, FieldPath<Values>]> = [
  ["/data/attributes/name", "name"],
  ["/data/attributes/slug", "slug"],
  ["/data/attributes/hosts", "hosts"],
  ["/data/attributes/admin/first_name", "firstName"],
  ["/data/attributes/admin/last_name", "lastName"],
  ["/data/attributes/admin/email", "email"],
];

/** What the last "Add vendor" did; `key` makes a repeated message new for screen readers. */
type Outcome = { name: string; email: string; key: number };

export function VendorsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const title = t("Office.vendors_title");
  usePageTitle(title);
  const vendors = useVendors();
  const create = useCreateVendor();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const formTitleRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    reset,
    formState: { errors },
  } = useForm<Values>({ defaultValues: EMPTY });
  const required = { value: true, message: t("Errors.required") };
  const list = vendors.data?.data;

  const onSubmit = handleSubmit((values) => {
    if (create.isPending) return;
    setOutcome(null);
    create.mutate(
      {
        name: values.name,
        slug: values.slug,
        hosts: parseHosts(values.hosts),
        admin: { first_name: values.firstName, last_name: values.lastName, email: values.email },
      },
      {
        onSuccess: () => {
          setOutcome({ name: values.name, email: values.email, key: Date.now() });
          reset(EMPTY);
          formTitleRef.current?.focus();
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          let focused = false;
          for (const item of error.errors) {
            const pointer = item.source?.pointer ?? "";
            const field = FIELD_POINTERS.find(([prefix]) => pointer.startsWith(prefix))?.[1];
            if (!field || !item.detail) continue;
            setError(field, { type: "server", message: item.detail }, { shouldFocus: !focused });
            focused = true;
          }
        },
      },
    );
  });

  const generalError =
    create.isError && !(create.error instanceof ApiError && create.error.status === 422);

  return (
    <section aria-labelledby="vendors-title" className={styles.page}>
      <h1 id="vendors-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.intro}>{t("Office.vendors_intro")}</p>

      {vendors.isPending ? (
        <p className={styles.status} role="status">
          {t("Office.loading")}
        </p>
      ) : vendors.isError && !list ? (
        <div className={styles.status} role="alert">
          <p>{t("Office.vendors_load_failed")}</p>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => vendors.refetch()}
          >
            {t("Common.try_again")}
          </button>
        </div>
      ) : (
        <ul className={styles.list} aria-label={t("Office.vendors_list_label")}>
          {(list ?? []).map((vendor) => (
            <li key={vendor.id} className={styles.vendor}>
              <h2 className={styles.vendorName}>
                <Link to={paths.vendor(vendor.id)}>{vendor.attributes.name}</Link>
              </h2>
              <dl className={styles.facts}>
                <div>
                  <dt>{t("Office.setup_slug")}</dt>
                  <dd>
                    <code>{vendor.attributes.slug}</code>
                  </dd>
                </div>
                <div>
                  <dt>{t("Office.setup_hosts")}</dt>
                  <dd>
                    {vendor.attributes.hosts.length > 0
                      ? vendor.attributes.hosts.join(", ")
                      : t("Office.vendors_no_hosts")}
                  </dd>
                </div>
                <div>
                  <dt>{t("Office.vendors_admins")}</dt>
                  <dd>{intl.formatNumber(vendor.attributes.admins)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}

      <section aria-labelledby="add-vendor-title" className={styles.add}>
        <h2 id="add-vendor-title" ref={formTitleRef} tabIndex={-1} className={styles.addTitle}>
          {t("Office.vendors_add")}
        </h2>
        <div role="status" className={styles.region}>
          {outcome && (
            <p key={outcome.key} className={controls.notice}>
              {t("Office.vendors_created", { name: outcome.name, email: outcome.email })}
            </p>
          )}
        </div>
        <div role="alert" className={styles.region}>
          {generalError && <p className={controls.alert}>{describeError(intl, create.error)}</p>}
        </div>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <Field label={t("Office.setup_vendor_name")} error={errors.name?.message} required>
            {(control) => (
              <input
                {...control}
                {...register("name", {
                  required,
                  onBlur: () => {
                    if (!getValues("slug")) setValue("slug", suggestSlug(getValues("name")));
                  },
                })}
                className={controls.input}
              />
            )}
          </Field>
          <Field
            label={t("Office.setup_slug")}
            hint={t("Office.setup_slug_hint")}
            error={errors.slug?.message}
            required
          >
            {(control) => (
              <input
                {...control}
                {...register("slug", { required })}
                className={controls.input}
                autoCapitalize="none"
                spellCheck={false}
              />
            )}
          </Field>
          <Field
            label={t("Office.setup_hosts")}
            hint={t("Office.vendors_hosts_hint")}
            error={errors.hosts?.message}
            required
          >
            {(control) => (
              <textarea
                {...control}
                {...register("hosts", { required })}
                className={controls.input}
                rows={2}
                autoCapitalize="none"
                spellCheck={false}
              />
            )}
          </Field>
          <fieldset className={styles.admin}>
            <legend className={styles.legend}>{t("Office.vendors_first_admin")}</legend>
            <Field label={t("Office.setup_first_name")} error={errors.firstName?.message} required>
              {(control) => (
                <input
                  {...control}
                  {...register("firstName", { required })}
                  className={controls.input}
                />
              )}
            </Field>
            <Field label={t("Office.setup_last_name")} error={errors.lastName?.message} required>
              {(control) => (
                <input
                  {...control}
                  {...register("lastName", { required })}
                  className={controls.input}
                />
              )}
            </Field>
            <Field
              label={t("Office.setup_email")}
              hint={t("Office.vendors_invitation_hint")}
              error={errors.email?.message}
              required
            >
              {(control) => (
                <input
                  {...control}
                  {...register("email", { required })}
                  className={controls.input}
                  type="email"
                />
              )}
            </Field>
          </fieldset>
          <div>
            <button
              type="submit"
              className={`${controls.button} ${controls.primary}`}
              aria-disabled={create.isPending || undefined}
            >
              {create.isPending ? t("Office.setup_creating") : t("Office.vendors_add_submit")}
            </button>
          </div>
        </form>
      </section>
    </section>
  );
}
