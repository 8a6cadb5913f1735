// The template language of messages: text with named variables in braces, `{first_name}`; `{{` and
// `}}` write a brace. Shared by the server, which renders what it sends, and the settings pages,
// which preview a template as it is typed and check it before saving.
import { MESSAGE_KINDS, type MessageChannel, type MessageKind } from "./message-kinds.ts";

const TOKEN = /\{\{|\}\}|\{([a-z_]+)\}|[{}]/g;

/** The text with each variable replaced by its value (a variable without one reads as nothing). */
export function renderTemplate(text: string, values: Partial<Record<string, string>>): string {
  return text.replace(TOKEN, (token, name: string | undefined) => {
    if (token === "{{") return "{";
    if (token === "}}") return "}";
    // Own keys only: "{constructor}" must not read Object.prototype's.
    if (name !== undefined) return Object.hasOwn(values, name) ? (values[name] ?? "") : "";
    return token;
  });
}

/** The variables a text names, in order of first use. */
export function templateVariables(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const name = match[1];
    if (name !== undefined && !names.includes(name)) names.push(name);
  }
  return names;
}

export type TemplateProblem =
  | { field: "subject" | "body"; problem: "unknown_variable"; variable: string }
  | { field: "subject" | "body"; problem: "unbalanced_brace"; at: number }
  | { field: "subject"; problem: "subject_required" }
  | { field: "body"; problem: "body_required" };

/**
 * What is wrong with a template of a kind and channel: variables the kind does not offer, a brace
 * that opens or closes nothing, an empty body, an email without a subject. Empty when it is fine.
 */
export function checkTemplate(
  kind: MessageKind,
  channel: MessageChannel,
  template: { subject: string | null; body: string },
): TemplateProblem[] {
  const allowed: readonly string[] = MESSAGE_KINDS[kind].variables;
  const problems: TemplateProblem[] = [];
  const fields: ["subject" | "body", string][] = [["body", template.body]];
  if (channel === "email") fields.unshift(["subject", template.subject ?? ""]);
  for (const [field, text] of fields) {
    if (text.trim() === "") {
      problems.push(
        field === "subject"
          ? { field, problem: "subject_required" }
          : { field, problem: "body_required" },
      );
      continue;
    }
    for (const match of text.matchAll(TOKEN)) {
      const [token] = match;
      const name = match[1];
      if (name !== undefined) {
        if (!allowed.includes(name))
          problems.push({ field, problem: "unknown_variable", variable: name });
      } else if (token === "{" || token === "}") {
        problems.push({ field, problem: "unbalanced_brace", at: match.index });
      }
    }
  }
  return problems;
}
