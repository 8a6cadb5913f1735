// What a settings section's save must meet beyond its shape (docs/settings.md): the flags only a
// platform admin may turn on, and vendor synonyms that reword a visitor-facing message without
// losing what the page fills into it.
import { ROLES } from "../../shared/domain.ts";
import { isVisitorMessageId, synonymProblem } from "../../shared/i18n/synonym-rules.ts";
import type { FeatureFlags } from "../../shared/vendor-settings.ts";
import type { ErrorItem } from "../http/app-error.ts";
import { productMessage } from "../http/messages.ts";
import type { SectionRule } from "./settings-store.ts";

/**
 * Flags that rest on the vendor's contract with the platform (a paid add-on, or a page that is
 * still being rolled out vendor by vendor): only a platform admin turns them on. An Admin may turn
 * one off (the vendor may always do without it) but not back on.
 */
export const PLATFORM_ONLY_FLAGS = [
  "connect_lobby",
  "new_services_table",
  "activities_pages",
  "category_management",
  "role_based_access_control",
] as const satisfies readonly (keyof FeatureFlags)[];

export const featuresRule: SectionRule<"features"> = ({ before, after, staff }) => {
  if (staff.roleLevel >= ROLES.platform_admin) return [];
  return PLATFORM_ONLY_FLAGS.filter((flag) => after[flag] && !before[flag]).map((flag) => ({
    code: "platform_only_flag",
    messageId: "Settings.error_platform_only_flag",
    pointer: `/data/attributes/${flag}`,
  }));
};

/** RFC 6901: "~" and "/" in a key are escaped in a pointer. */
const pointerKey = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");

/**
 * Each new or changed override must reword a visitor-facing message the product has, parse as ICU
 * and keep the message's placeholders. Overrides left as they were pass as stored, so a save never
 * fails on an entry the page did not touch (such as a notification's wording saved before).
 */
export const synonymsRule: SectionRule<"synonyms"> = ({ before, after }) => {
  const problems: ErrorItem[] = [];
  for (const [locale, overrides] of Object.entries(after) as [
    keyof typeof after,
    Record<string, string>,
  ][]) {
    for (const [id, text] of Object.entries(overrides ?? {})) {
      if (before[locale]?.[id] === text) continue;
      const pointer = `/data/attributes/${locale}/${pointerKey(id)}`;
      const original = isVisitorMessageId(id) ? productMessage(locale, id) : undefined;
      if (original === undefined) {
        problems.push({
          code: "synonym_unknown_message",
          messageId: "Settings.error_synonym_unknown",
          pointer,
        });
        continue;
      }
      const problem = synonymProblem(original, text);
      if (problem?.kind === "empty")
        problems.push({
          code: "synonym_empty",
          messageId: "Settings.error_synonym_empty",
          pointer,
        });
      else if (problem?.kind === "syntax")
        problems.push({
          code: "synonym_syntax",
          messageId: "Settings.error_synonym_syntax",
          pointer,
        });
      else if (problem?.kind === "placeholders")
        problems.push({
          code: "synonym_placeholders",
          messageId:
            problem.expected.length === 0
              ? "Settings.error_synonym_no_placeholders"
              : "Settings.error_synonym_placeholders",
          values: {
            placeholders: problem.expected
              .map((name) => (name.startsWith("<") ? name : `{${name}}`))
              .join(", "),
          },
          pointer,
        });
    }
  }
  return problems;
};
