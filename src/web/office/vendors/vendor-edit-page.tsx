// /vendors/{id}: one vendor's name, slug and host names, for the platform admin. A save sends the
// version it edited; when someone else saved meanwhile the page says what they changed and offers
// theirs. Changing the host names changes which addresses lead to the vendor, at once.
import { type FormEvent, useId } from "react";
import { useIntl } from "react-intl";
import { parseHosts } from "../../api/office/setup.ts";
import { useSaveVendor, useVendor, type VendorResource } from "../../api/office/vendors.ts";
import { Link, useParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { FormActions } from "../../ui/form-actions.tsx";
import { SaveOutcome } from "../../ui/save-outcome.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { AuditTrail } from "../audit/audit-trail.tsx";
import { describeError } from "../forms/describe-error.ts";
import { useAdminForm } from "../forms/use-admin-form.ts";
import { paths } from "../office-paths.ts";
import styles from "../services/services.module.css";

type Attributes = VendorResource["attributes"];
type Draft = { name: string; slug: string; hosts: string };

const draftOf = (a: Attributes): Draft => ({
  name: a.name,
  slug: a.slug,
  hosts: a.hosts.join("\n"),
});

/** Labels of the attributes, for the history and the "what changed" list of a 409. */
const VENDOR_LABELS: Record<string, string> = {
  name: "Office.setup_vendor_name",
  slug: "Office.setup_slug",
  hosts: "Office.setup_hosts",
};

export function VendorEditPage() {
  const intl = useIntl();
  const { id = "" } = useParams();
  const vendor = useVendor(id);
  if (!vendor.data) {
    return (
      <p className={styles.meta} role={vendor.isError ? "alert" : "status"}>
        {vendor.error
          ? describeError(intl, vendor.error)
          : intl.formatMessage({ id: "Office.loading" })}
      </p>
    );
  }
  return <VendorForm key={id} vendorId={id} stored={vendor.data.attributes} />;
}

function VendorForm({ vendorId, stored }: { vendorId: string; stored: Attributes }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const form = useAdminForm({
    stored,
    draftOf,
    empty: () => draftOf(stored),
    comparable: (draft: Draft) => ({ ...draft, hosts: parseHosts(draft.hosts) }),
    ignore: ["admins"],
    labels: VENDOR_LABELS,
  });
  const { draft, set } = form;
  const save = useSaveVendor();
  const ids = useId();
  usePageTitle(stored.name);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const attributes = { name: draft.name, slug: draft.slug, hosts: parseHosts(draft.hosts) };
    save.mutate(
      { id: vendorId, version: form.baseVersion, attributes },
      form.outcome((vendor) => t("Office.vendors.saved", { name: vendor.attributes.name })),
    );
  }

  return (
    <section aria-labelledby={`${ids}-title`} className={styles.page}>
      <p>
        <Link to={paths.vendors()}>{t("Office.vendors.back")}</Link>
      </p>
      <h1 id={`${ids}-title`} className={styles.title}>
        {stored.name}
      </h1>
      <SaveOutcome {...form.outcomeProps} />
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.card}>
          <Field label={t("Office.setup_vendor_name")} error={form.errorAt("name")} required>
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
            label={t("Office.setup_slug")}
            hint={t("Office.setup_slug_hint")}
            error={form.errorAt("slug")}
            required
          >
            {(control) => (
              <input
                {...control}
                className={controls.input}
                autoComplete="off"
                spellCheck={false}
                value={draft.slug}
                onChange={(event) => set("slug", event.target.value)}
              />
            )}
          </Field>
          <Field
            label={t("Office.setup_hosts")}
            hint={`${t("Office.vendors_hosts_hint")} ${t("Office.vendors.hosts_change_hint")}`}
            error={form.errorAt("hosts")}
            required
          >
            {(control) => (
              <textarea
                {...control}
                className={controls.input}
                rows={3}
                spellCheck={false}
                value={draft.hosts}
                onChange={(event) => set("hosts", event.target.value)}
              />
            )}
          </Field>
          <p className={styles.meta}>
            {t("Office.vendors_admins")}: {intl.formatNumber(stored.admins)}
          </p>
        </div>
        <FormActions submitLabel={t("Office.vendors.save")} pending={save.isPending} />
      </form>
      <AuditTrail
        subjectType="vendor"
        subjectId={vendorId}
        labelOf={(attribute) => {
          const id = VENDOR_LABELS[attribute];
          return id ? t(id) : undefined;
        }}
      />
    </section>
  );
}
