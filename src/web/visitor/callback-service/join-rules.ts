// The shared join schema (spec §5) run on the form's input, its issues turned into the form's
// errors: the first issue of each path, as { type: code, message }, nested by path. zod is the
// form's largest dependency, so this module is its own chunk: the form prefetches it once the page
// is idle, and the first validation waits for it if the visitor is quicker (load-join-rules.ts).

import {
  buildJoinSchema,
  type JoinContext,
  type JoinInput,
  type JoinRequest,
} from "../../../shared/queue/join-schema.ts";
import type { FieldError, ResolverOptions, ResolverResult } from "../../forms/form-store.ts";

const schemas = new WeakMap<JoinContext, ReturnType<typeof buildJoinSchema>>();

type Issue = {
  code: string;
  message: string;
  path: readonly PropertyKey[];
  /** an invalid union's issues, one list per branch */
  errors?: readonly (readonly Issue[])[];
};

/** One error per path: its first issue; for a union, the first issue of the closest branch. */
export function issuesToErrors(issues: readonly Issue[]): Record<string, unknown> {
  const flat = new Map<string, FieldError>();
  const queue = [...issues];
  for (let issue = queue.shift(); issue; issue = queue.shift()) {
    const path = issue.path.map(String).join(".");
    const branches = issue.code === "invalid_union" ? (issue.errors ?? []) : [];
    if (!flat.has(path)) {
      const closest = branches.reduce<readonly Issue[] | undefined>(
        (best, branch) => (!best || branch.length < best.length ? branch : best),
        undefined,
      );
      const first = closest?.[0];
      flat.set(path, { type: first?.code ?? issue.code, message: first?.message ?? issue.message });
    }
    for (const branch of branches)
      for (const inner of branch) queue.push({ ...inner, path: [...issue.path, ...inner.path] });
  }
  const nested: Record<string, unknown> = {};
  for (const [path, error] of flat) {
    let node = nested;
    const keys = path.split(".");
    const last = keys.pop() as string;
    for (const key of keys) {
      const next = node[key];
      if (typeof next === "object" && next !== null) node = next as Record<string, unknown>;
      else {
        const created: Record<string, unknown> = {};
        node[key] = created;
        node = created;
      }
    }
    node[last] = error;
  }
  return nested;
}

/** The join rules for `context` (built once per context) applied to `input`. */
export async function validateJoinInput(
  context: JoinContext,
  input: JoinInput,
  _resolverContext: unknown,
  _options: ResolverOptions<JoinInput>,
): Promise<ResolverResult<JoinInput, JoinRequest>> {
  let schema = schemas.get(context);
  if (!schema) {
    schema = buildJoinSchema(context);
    schemas.set(context, schema);
  }
  const result = await schema.safeParseAsync(input);
  if (result.success) return { values: result.data as JoinRequest, errors: {} };
  return { values: {}, errors: issuesToErrors(result.error.issues as readonly Issue[]) as never };
}
