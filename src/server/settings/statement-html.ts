// Sanitises the HTML vendors write for visitors before it is stored, with the server's DOMPurify
// (src/server/security/server-dom-purify.ts: a jsdom window loaded at the first save) and the
// allow-list the visitor's page uses (src/shared/rich-text/statement-html.ts).
import { statementSanitiser } from "../../shared/rich-text/statement-html.ts";
import { newServerPurifier } from "../security/server-dom-purify.ts";

let sanitiser: Promise<(html: string) => string> | undefined;

export function sanitiseStatementHtml(html: string): Promise<string> {
  sanitiser ??= newServerPurifier()
    .then(statementSanitiser)
    .catch((error: unknown) => {
      sanitiser = undefined;
      throw error;
    });
  return sanitiser.then((sanitise) => sanitise(html));
}
