// /forgot-password: asks for a reset link. The answer is the same whether or not the email has an
// account (the server always says 202), so the page says so without claiming a link was sent.
import { useForm } from "react-hook-form";
import { useIntl } from "react-intl";
import { useRequestPasswordReset } from "../../api/office/request-password-reset.ts";
import { Link, useSearchParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError } from "../forms/describe-error.ts";
import { paths } from "../office-paths.ts";
import styles from "./auth-card.module.css";

export function ForgotPasswordPage() {
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const request = useRequestPasswordReset();
  const title = intl.formatMessage({ id: "Office.forgot_password_title" });
  usePageTitle(title);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({ defaultValues: { email: searchParams.get("email") ?? "" } });

  const onSubmit = handleSubmit(({ email }) => {
    if (!request.isPending) request.mutate(email.trim());
  });

  return (
    <section className={styles.card} aria-labelledby="forgot-title">
      <h1 id="forgot-title" className={styles.title}>
        {title}
      </h1>
      {request.isSuccess ? (
        <p className={controls.notice} role="status">
          {intl.formatMessage(
            { id: "Office.reset_link_requested" },
            { email: getValues("email").trim() },
          )}
        </p>
      ) : (
        <>
          <p className={styles.subtitle}>
            {intl.formatMessage({ id: "Office.forgot_password_intro" })}
          </p>
          <form className={styles.form} onSubmit={onSubmit} noValidate>
            {request.isError && (
              <p className={controls.alert} role="alert">
                {describeError(intl, request.error)}
              </p>
            )}
            <Field
              label={intl.formatMessage({ id: "Office.email" })}
              error={errors.email?.message}
              required
            >
              {(control) => (
                <input
                  {...control}
                  {...register("email", {
                    required: {
                      value: true,
                      message: intl.formatMessage({ id: "Errors.required" }),
                    },
                  })}
                  className={controls.input}
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  spellCheck={false}
                />
              )}
            </Field>
            <button
              type="submit"
              className={`${controls.button} ${controls.primary} ${styles.submit}`}
              aria-disabled={request.isPending || undefined}
            >
              {intl.formatMessage({ id: "Office.send_reset_link" })}
            </button>
          </form>
        </>
      )}
      <p className={styles.footer}>
        <Link to={paths.signIn()}>{intl.formatMessage({ id: "Office.back_to_sign_in" })}</Link>
      </p>
    </section>
  );
}
