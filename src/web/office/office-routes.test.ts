// The entry routes an office address to the office's route table by its first segment alone
// (router.tsx's OFFICE_SECTIONS): a page whose section is missing there would be "page not found".
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OFFICE_SECTIONS } from "../router.tsx";
import { OFFICE_PAGES } from "./shell/back-office-pages.ts";

const sections: readonly string[] = OFFICE_SECTIONS;
const firstSegment = (path: string) => path.replace(/^\//, "").split(/[/?]/)[0]!;

describe("office sections", () => {
  it("cover every route of the office's table", () => {
    const source = readFileSync(new URL("./office-routes.tsx", import.meta.url), "utf8");
    const routePaths = [...source.matchAll(/path="([^"]+)"/g)]
      .map((match) => match[1]!)
      .filter((path) => path !== "*");
    expect(routePaths.length).toBeGreaterThan(20);
    const outside = routePaths.filter((path) => !sections.includes(firstSegment(path)));
    expect(outside).toEqual([]);
  });

  it("cover every page the navigation links", () => {
    const outside = OFFICE_PAGES.map((page) => page.path).filter(
      (path) => !sections.includes(firstSegment(path)),
    );
    expect(outside).toEqual([]);
  });
});
