// The rule every place that sets a staff password applies (a password reset today, an admin
// setting one later), beyond the body schema's length: not common, not guessable, not built from
// the account's email, names or vendor's name.
import { AppError } from "../http/app-error.ts";
import { checkPasswordStrength, type PasswordUserInputs } from "../security/password-strength.ts";

/** Throws 422 with the localised reason at /password when the password is refused. */
export function assertNewPasswordAcceptable(password: string, account: PasswordUserInputs): void {
  const verdict = checkPasswordStrength(password, account);
  if (verdict.ok) return;
  throw new AppError("unprocessable", {
    code: verdict.reason,
    messageId: `Auth.${verdict.reason}`,
    pointer: "/password",
  });
}
