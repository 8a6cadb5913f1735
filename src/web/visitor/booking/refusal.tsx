// A failed change's words in a dialog: the server's own localised detail when it sent one, else
// "There was an error with your request". (The queue confirmation's ActionError says the same; it
// lives in that page's chunk, which the booking pages do not load.)
import { FormattedMessage } from "react-intl";
import { ApiError } from "../../api/client.ts";

export function Refusal({ error }: { error: Error }) {
  const detail = error instanceof ApiError ? error.errors[0]?.detail : undefined;
  return detail ?? <FormattedMessage id="Errors.general" />;
}
