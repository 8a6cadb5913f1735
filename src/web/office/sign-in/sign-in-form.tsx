// The sign-in form: email and password, refusals announced (wrong credentials, a locked account
// with the time left, too many tries), the password emptied and focused for the next try. Two
// fields need no form library: the sign-in page stays within the visitor pages' script budget.
import { type FormEvent, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { useSignIn } from "../../api/office/sign-in.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { describeError } from "../forms/describe-error.ts";
import styles from "./auth-card.module.css";

export function SignInForm() {
  const intl = useIntl();
  const signIn = useSignIn();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState<{ email: boolean; password: boolean } | null>(null);
  const emailField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const required = intl.formatMessage({ id: "Errors.required" });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const empty = { email: email.trim() === "", password: password === "" };
    if (empty.email || empty.password) {
      setMissing(empty);
      (empty.email ? emailField : passwordField).current?.focus();
      return;
    }
    setMissing(null);
    signIn.mutate(
      { email: email.trim(), password },
      {
        onError: () => {
          setPassword("");
          passwordField.current?.focus();
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {signIn.isError && (
        <p className={controls.alert} role="alert">
          {describeError(intl, signIn.error)}
        </p>
      )}
      <Field
        label={intl.formatMessage({ id: "Office.email" })}
        error={missing?.email ? required : undefined}
        required
      >
        {(control) => (
          <input
            {...control}
            ref={emailField}
            name="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
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
        error={missing?.password ? required : undefined}
        required
      >
        {(control) => (
          <input
            {...control}
            ref={passwordField}
            name="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
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
