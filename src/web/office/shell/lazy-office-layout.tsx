// The office layout as a lazy chunk behind its own Suspense, so the router can mount it outside the
// visitor shell and no visitor page downloads the staff side (its realtime client included).
import { lazy, Suspense } from "react";

const OfficeLayout = lazy(() =>
  import("./office-layout.tsx").then((m) => ({ default: m.OfficeLayout })),
);

export function LazyOfficeLayout() {
  return (
    <Suspense fallback={null}>
      <OfficeLayout />
    </Suspense>
  );
}
