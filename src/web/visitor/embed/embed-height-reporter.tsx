// Inside a vendor's iframe: tells the parent page the app's height whenever it changes
// (ResizeObserver on the app root), as {type: "nextline:height", height}. Renders nothing.
import { useEffect } from "react";
import { createHeightPoster } from "./frame-height.ts";

export function EmbedHeightReporter() {
  useEffect(() => {
    if (window.parent === window) return;
    const root = document.getElementById("root") ?? document.body;
    // Any origin may frame the page only where the vendor allows it (CSP frame-ancestors); the
    // height is no secret, so "*" lets the vendor's page receive it whatever its origin.
    const report = createHeightPoster((message) => window.parent.postMessage(message, "*"));
    const measure = () => report(root.getBoundingClientRect().height);
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    measure();
    return () => observer.disconnect();
  }, []);
  return null;
}
