// The vendor's snippets on a visitor page, asked for once the page is idle: the page is whole
// without them, so neither their request nor their code is part of what the page loads before it
// is interactive (the page-weight budget, bench/bundle.bench.ts).
import { type ComponentProps, lazy, Suspense } from "react";
import { useIdle } from "../../ui/when-idle.ts";

const VisitorSnippets = lazy(() =>
  import("./visitor-snippets.tsx").then((m) => ({ default: m.VisitorSnippets })),
);

export function IdleVisitorSnippets(props: ComponentProps<typeof VisitorSnippets>) {
  const idle = useIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <VisitorSnippets {...props} />
    </Suspense>
  );
}
