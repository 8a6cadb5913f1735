import { describe, expect, it } from "vitest";
import { createHeightPoster, type HeightMessage } from "./frame-height.ts";

describe("the embedded page's height messages", () => {
  it("posts the height in whole pixels, rounded up, with the documented type", () => {
    const sent: HeightMessage[] = [];
    const report = createHeightPoster((message) => sent.push(message));
    report(640.2);
    expect(sent).toEqual([{ type: "nextline:height", height: 641 }]);
  });

  it("posts only when the height changes", () => {
    const sent: HeightMessage[] = [];
    const report = createHeightPoster((message) => sent.push(message));
    report(500);
    report(500);
    report(499.5);
    report(720);
    expect(sent.map((message) => message.height)).toEqual([500, 720]);
  });

  it("ignores heights that are not a size", () => {
    const sent: HeightMessage[] = [];
    const report = createHeightPoster((message) => sent.push(message));
    report(Number.NaN);
    report(-1);
    expect(sent).toEqual([]);
  });
});
