// /setup?token=: the first start of an empty install. The server printed a single-use link; this
// form spends it on the organisation (name, slug, host names) and its first admin (name, email,
// password), who is then signed in and taken to the back office. A dead link (unknown, expired,
// replaced by a restart) and a finished setup each say so.
import { useId } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { useIntl } from "react-intl";
import { MIN_PASSWORD_LENGTH } from "../../../shared/contracts/password-reset.ts";
import { ApiError } from "../../api/client.ts";
import {
  parseHosts,
  suggestSlug,
  useCompleteSetup,
  useSetupState,
} from "../../api/office/setup.ts";
import { Link, useSearchParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError } from "../forms/describe-error.ts";
import { paths } from "../office-paths.ts";
import authStyles from "../sign-in/auth-card.module.css";
import styles from "./setup-page.module.css";

type Values = {
  vendorName: string;
  slug: string;
  hosts: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmation: string;
};

/** Where the server puts each field's refusal (src/shared/contracts/setup.ts). */
const FIELD_POINTERS: Array<[string, FieldPath<Values>]> = [
  ["/data/attributes/vendor/name", "vendorName"],
  ["/data/attributes/vendor/slug", "slug"],
  ["/data/attributes/vendor/hosts", "hosts"],
  ["/data/attributes/admin/first_name", "firstName"],
  ["/data/attributes/admin/last_name", "lastName"],
  ["/data/attributes/admin/email", "email"],
  ["/data/attributes/admin/password", "password"],
];

const currentHost = () => (typeof window === "undefined" ? "" : window.location.hostname);

export function SetupPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const title = t("Office.setup_title");
  usePageTitle(title);
  const state = useSetupState(token);
  const setup = useCompleteSetup();
  const organisationId = useId();
  const accountId = useId();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<Values>({
    defaultValues: {
      vendorName: "",
      slug: "",
      hosts: currentHost(),
      firstName: "",
      lastName: "",
      email: "",
      password: "",
      confirmation: "",
    },
  });

  const required = { value: true, message: t("Errors.required") };

  const onSubmit = handleSubmit((values) => {
    if (!token || setup.isPending || setup.isSuccess) return;
    setup.mutate(
      {
        token,
        vendor: { name: values.vendorName, slug: values.slug, hosts: parseHosts(values.hosts) },
        admin: {
          first_name: values.firstName,
          last_name: values.lastName,
          email: values.email,
          password: values.password,
        },
      },
      {
        // A full load, so the app reads the new vendor and the new session from the start.
        onSuccess: () => window.location.assign(paths.dashboard()),
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

  const linkDead =
    !token ||
    state.data?.data.attributes.state === "invalid" ||
    (setup.error instanceof ApiError && setup.error.status === 400);
  const done =
    state.data?.data.attributes.state === "done" ||
    (setup.error instanceof ApiError && setup.error.status === 409);
  const generalError =
    setup.isError &&
    !(setup.error instanceof ApiError && setup.error.status === 422) &&
    !linkDead &&
    !done;

  return (
    <section className={`${authStyles.card} ${styles.card}`} aria-labelledby="setup-title">
      <h1 id="setup-title" className={authStyles.title}>
        {title}
      </h1>
      {done ? (
        <>
          <p className={controls.notice} role="status">
            {t("Office.setup_done")}
          </p>
          <p className={authStyles.footer}>
            <Link to={paths.signIn()}>{t("Office.setup_go_to_sign_in")}</Link>
          </p>
        </>
      ) : linkDead ? (
        <p className={controls.alert} role="alert">
          {t("Office.setup_link_invalid")}
        </p>
      ) : state.isPending ? (
        <p role="status">{t("Office.loading")}</p>
      ) : state.isError ? (
        <p className={controls.alert} role="alert">
          {describeError(intl, state.error)}
        </p>
      ) : (
        <>
          <p className={authStyles.subtitle}>{t("Office.setup_intro")}</p>
          <form className={authStyles.form} onSubmit={onSubmit} noValidate>
            <div role="alert" className={styles.region}>
              {generalError && <p className={controls.alert}>{describeError(intl, setup.error)}</p>}
            </div>
            <fieldset className={styles.section} aria-labelledby={organisationId}>
              <legend id={organisationId} className={styles.legend}>
                {t("Office.setup_organisation")}
              </legend>
              <Field
                label={t("Office.setup_vendor_name")}
                error={errors.vendorName?.message}
                required
              >
                {(control) => (
                  <input
                    {...control}
                    {...register("vendorName", {
                      required,
                      onBlur: () => {
                        if (!getValues("slug"))
                          setValue("slug", suggestSlug(getValues("vendorName")));
                      },
                    })}
                    className={controls.input}
                    autoComplete="organization"
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
                    autoCorrect="off"
                    spellCheck={false}
                  />
                )}
              </Field>
              <Field
                label={t("Office.setup_hosts")}
                hint={t("Office.setup_hosts_hint", { host: currentHost() })}
                error={errors.hosts?.message}
                required
              >
                {(control) => (
                  <textarea
                    {...control}
                    {...register("hosts", { required })}
                    className={`${controls.input} ${styles.hosts}`}
                    rows={2}
                    autoCapitalize="none"
                    autoCorrect="off"
                    spellCheck={false}
                  />
                )}
              </Field>
            </fieldset>
            <fieldset className={styles.section} aria-labelledby={accountId}>
              <legend id={accountId} className={styles.legend}>
                {t("Office.setup_account")}
              </legend>
              <div className={styles.names}>
                <Field
                  label={t("Office.setup_first_name")}
                  error={errors.firstName?.message}
                  required
                >
                  {(control) => (
                    <input
                      {...control}
                      {...register("firstName", { required })}
                      className={controls.input}
                      autoComplete="given-name"
                    />
                  )}
                </Field>
                <Field
                  label={t("Office.setup_last_name")}
                  error={errors.lastName?.message}
                  required
                >
                  {(control) => (
                    <input
                      {...control}
                      {...register("lastName", { required })}
                      className={controls.input}
                      autoComplete="family-name"
                    />
                  )}
                </Field>
              </div>
              <Field label={t("Office.setup_email")} error={errors.email?.message} required>
                {(control) => (
                  <input
                    {...control}
                    {...register("email", { required })}
                    className={controls.input}
                    type="email"
                    autoComplete="email"
                  />
                )}
              </Field>
              <Field
                label={t("Office.setup_password")}
                hint={`${t("Office.password_rule", { count: MIN_PASSWORD_LENGTH })} ${t(
                  "Office.password_rule_guessable",
                )}`}
                error={errors.password?.message}
                required
              >
                {(control) => (
                  <input
                    {...control}
                    {...register("password", {
                      required,
                      minLength: {
                        value: MIN_PASSWORD_LENGTH,
                        message: t("Auth.password_too_short"),
                      },
                    })}
                    className={controls.input}
                    type="password"
                    autoComplete="new-password"
                  />
                )}
              </Field>
              <Field
                label={t("Office.setup_confirm_password")}
                error={errors.confirmation?.message}
                required
              >
                {(control) => (
                  <input
                    {...control}
                    {...register("confirmation", {
                      validate: (value, values) =>
                        value === values.password || t("Office.passwords_differ"),
                    })}
                    className={controls.input}
                    type="password"
                    autoComplete="new-password"
                  />
                )}
              </Field>
            </fieldset>
            <button
              type="submit"
              className={`${controls.button} ${controls.primary} ${authStyles.submit}`}
              aria-disabled={setup.isPending || setup.isSuccess || undefined}
            >
              {setup.isPending || setup.isSuccess
                ? t("Office.setup_creating")
                : t("Office.setup_submit")}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
