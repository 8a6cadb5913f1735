// What a failed save tells the form: field errors by JSON pointer (a 422), the object as it is now
// (a 409 version_conflict), or one general line.
import type { IntlShape } from "react-intl";
import { ApiError } from "../../api/client.ts";
import { describeError, fieldErrorsOf } from "./describe-error.ts";

export type SaveProblem = {
  fields: Map<string, string>;
  /** the saved object as another person left it, after a 409 */
  current: unknown;
  message: string;
};

export function saveProblemOf(intl: IntlShape, error: unknown): SaveProblem {
  const conflict = error instanceof ApiError && error.status === 409;
  return {
    fields: conflict ? new Map() : fieldErrorsOf(error),
    current: conflict ? (error.meta?.current ?? null) : null,
    message: conflict
      ? intl.formatMessage({ id: "Office.services.conflict" })
      : error instanceof ApiError && error.status === 422
        ? intl.formatMessage({ id: "Office.services.fix_fields" })
        : describeError(intl, error),
  };
}

/** The error of one attribute: its own pointer, or the first one under it ("location_ids/3"). */
export function errorAt(problem: SaveProblem | null, attribute: string): string | undefined {
  if (!problem) return undefined;
  const pointer = `/data/attributes/${attribute}`;
  const exact = problem.fields.get(pointer);
  if (exact) return exact;
  for (const [key, detail] of problem.fields) if (key.startsWith(`${pointer}/`)) return detail;
  return undefined;
}

/** The attribute names whose values differ between what the page holds and what is stored now. */
export function changedNames(
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
  ignore: readonly string[] = ["version", "created_at"],
): string[] {
  return Object.keys(theirs).filter(
    (name) => !ignore.includes(name) && JSON.stringify(mine[name]) !== JSON.stringify(theirs[name]),
  );
}
