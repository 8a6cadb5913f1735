// The message an embedded page sends its parent when its height changes, so the vendor's iframe can
// fit it without a scroll bar (docs/embedding.md). Only changes are sent.

export const HEIGHT_MESSAGE_TYPE = "nextline:height";

export type HeightMessage = { type: typeof HEIGHT_MESSAGE_TYPE; height: number };

/** Returns a reporter that posts whole CSS pixels, rounded up, and only when the height changed. */
export function createHeightPoster(post: (message: HeightMessage) => void) {
  let last: number | null = null;
  return (height: number) => {
    if (!Number.isFinite(height) || height < 0) return;
    const rounded = Math.ceil(height);
    if (rounded === last) return;
    last = rounded;
    post({ type: HEIGHT_MESSAGE_TYPE, height: rounded });
  };
}
