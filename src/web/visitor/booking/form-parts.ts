// The queue form's parts the details step asks with (its fields, store, rules and their errors),
// taken from the queue form's own module, lazily: a static import would make Rolldown move that
// module into a shared chunk of another name, and any import of a single part would split the
// queue form's chunk into pieces its page then fetches beside it (docs/PERFORMANCE.md). The page
// reads the module once, with React's use(), and hands it down.
export const loadFormParts = () => import("../callback-service/callback-form.tsx");
export type FormParts = Awaited<ReturnType<typeof loadFormParts>>;

let loading: Promise<FormParts> | null = null;

/** The module, loaded once per page life; a failed load is tried again on the next read. */
export function formParts(): Promise<FormParts> {
  loading ??= loadFormParts().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
