// The vendor's announcements (a banner atop the page) or notices (beside the form) on a visitor
// page (docs/cx-snippets.md). This part only asks for them; the list that shows them, with
// DOMPurify, is a chunk of its own loaded only when there is something to show.
import { lazy, Suspense } from "react";
import type { CxSnippetKind } from "../../../shared/contracts/cx-snippet.ts";
import { useVisitorSnippets } from "../../api/cx-snippets.ts";

const SnippetList = lazy(() =>
  import("./snippet-list.tsx").then((m) => ({ default: m.SnippetList })),
);

export function VisitorSnippets({
  kind,
  locationId,
}: {
  kind: CxSnippetKind;
  locationId: string | null;
}) {
  const snippets = useVisitorSnippets(locationId);
  const shown = snippets.data?.filter((snippet) => snippet.attributes.kind === kind) ?? [];
  if (shown.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SnippetList kind={kind} snippets={shown} />
    </Suspense>
  );
}
