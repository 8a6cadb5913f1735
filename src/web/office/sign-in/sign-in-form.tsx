// The sign-in form: email and password, refusals announced (wrong credentials, a locked account
// with the time left, too many tries), the password emptied and focused for the next try.
import { useForm } from "react-hook-form";
import { useIntl } from "react-intl";
import { useSignIn } from "../../api/office/sign-in.ts";
import controls from "../forms/controls.module.css";
import { describeError } from "../forms/describe-error.ts";
import { Field } from "../forms/field.tsx";
import styles from "./auth-card.module.css";

type Values = { email: string; password: string };

export function SignInForm() {
  const intl = useIntl();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { email: "", password: "" } });
  const required = { value: true, message: intl.formatMessage({ id: "Errors.required" }) };

  const onSubmit = handleSubmit((values) => {
    if (signIn.isPending) return;
    signIn.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onError: () => {
          resetField("password");
          setFocus("password");
        },
      },
    );
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {signIn.isError && (
        <p className={controls.alert} role="alert">
          {describeError(intl, signIn.error)}
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
            {...register("email", { required })}
            className={controls.input}
            type="email"
            autoComplete="username"
            inputMode="email"
            spellCheck={false}
          />
        )}
      </Field>
      <Field
        label={intl.formatMessage({ id: "Office.password" })}
        error={errors.password?.message}
        required
      >
        {(control) => (
          <input
            {...control}
            {...register("password", { required })}
            className={controls.input}
            type="password"
            autoComplete="current-password"
          />
        )}
      </Field>
      <button
        type="submit"
        className={`${controls.button} ${controls.primary} ${styles.submit}`}
        aria-disabled={signIn.isPending || undefined}
      >
        {intl.formatMessage({ id: signIn.isPending ? "Office.signing_in" : "Office.sign_in" })}
      </button>
    </form>
  );
}
