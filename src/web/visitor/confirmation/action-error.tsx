// The message for a failed cancel or conversion: the server's own localised detail when it sent
// one (e.g. "Only a place that is still waiting can be turned into an appointment"), else the
// general "There was an error with your request".
import { FormattedMessage } from "react-intl";
import { ApiError } from "../../api/client.ts";

export function ActionError({ error }: { error: Error }) {
  const detail = error instanceof ApiError ? error.errors[0]?.detail : undefined;
  if (detail) return <>{detail}</>;
  return <FormattedMessage id="Errors.general" />;
}
