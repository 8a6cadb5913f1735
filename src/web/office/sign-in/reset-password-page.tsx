// /reset-password?token=: sets a new password with the link's single-use token. Every session of
// the account ends with it, so the page leads back to sign-in. A used or expired link says so and
// offers a new one; an invitation's link (?invite=1) is titled "Set your password"; a password the server refuses (common, guessable, built from the account's
// email or names) shows the server's reason at the field.
import { useForm } from "react-hook-form";
import { useIntl } from "react-intl";
import { ApiError } from "../../api/client.ts";
import {
  MIN_PASSWORD_LENGTH,
  useCompletePasswordReset,
} from "../../api/office/complete-password-reset.ts";
import { Link, useSearchParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import { paths } from "../office-paths.ts";
import styles from "./auth-card.module.css";

type Values = { password: string; confirmation: string };

export function ResetPasswordPage() {
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  // An invitation's link (?invite=1) sets a first password: the page says so.
  const invitation = searchParams.get("invite") === "1";
  const reset = useCompletePasswordReset();
  const title = intl.formatMessage({
    id: invitation ? "Office.invitation_password_title" : "Office.reset_password_title",
  });
  usePageTitle(title);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { password: "", confirmation: "" } });

  const onSubmit = handleSubmit(({ password }) => {
    if (token && !reset.isPending) reset.mutate({ token, password });
  });

  const serverField = fieldErrorsOf(reset.error).get("/password");
  const linkInvalid = reset.error instanceof ApiError && reset.error.status === 400;

  return (
    <section className={styles.card} aria-labelledby="reset-title">
      <h1 id="reset-title" className={styles.title}>
        {title}
      </h1>
      {reset.isSuccess ? (
        <p className={controls.notice} role="status">
          {intl.formatMessage({ id: "Office.password_changed" })}
        </p>
      ) : !token ? (
        <p className={controls.alert} role="alert">
          {intl.formatMessage({ id: "Office.reset_link_incomplete" })}
        </p>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          {reset.isError && !serverField && (
            <p className={controls.alert} role="alert">
              {describeError(intl, reset.error)}
            </p>
          )}
          <Field
            label={intl.formatMessage({ id: "Office.new_password" })}
            hint={`${intl.formatMessage(
              { id: "Office.password_rule" },
              { count: MIN_PASSWORD_LENGTH },
            )} ${intl.formatMessage({ id: "Office.password_rule_guessable" })}`}
            error={errors.password?.message ?? serverField}
            required
          >
            {(control) => (
              <input
                {...control}
                {...register("password", {
                  required: { value: true, message: intl.formatMessage({ id: "Errors.required" }) },
                  minLength: {
                    value: MIN_PASSWORD_LENGTH,
                    message: intl.formatMessage({ id: "Auth.password_too_short" }),
                  },
                })}
                className={controls.input}
                type="password"
                autoComplete="new-password"
              />
            )}
          </Field>
          <Field
            label={intl.formatMessage({ id: "Office.confirm_password" })}
            error={errors.confirmation?.message}
            required
          >
            {(control) => (
              <input
                {...control}
                {...register("confirmation", {
                  validate: (value, values) =>
                    value === values.password ||
                    intl.formatMessage({ id: "Office.passwords_differ" }),
                })}
                className={controls.input}
                type="password"
                autoComplete="new-password"
              />
            )}
          </Field>
          <button
            type="submit"
            className={`${controls.button} ${controls.primary} ${styles.submit}`}
            aria-disabled={reset.isPending || undefined}
          >
            {intl.formatMessage({ id: "Office.set_password" })}
          </button>
        </form>
      )}
      <p className={styles.footer}>
        {linkInvalid || !token ? (
          <Link to={paths.forgotPassword()}>
            {intl.formatMessage({ id: "Office.request_new_link" })}
          </Link>
        ) : (
          <Link to={paths.signIn()}>{intl.formatMessage({ id: "Office.back_to_sign_in" })}</Link>
        )}
      </p>
    </section>
  );
}
