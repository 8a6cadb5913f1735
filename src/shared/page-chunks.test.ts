import { describe, expect, it } from "vitest";
import { pageChunksFor } from "./page-chunks.ts";

const at = (url: string) => {
  const parsed = new URL(url, "http://app");
  return pageChunksFor(parsed.pathname, parsed.searchParams);
};

describe("the chunks an opening page starts at once", () => {
  it("follows the visitor routes", () => {
    expect(at("/")).toEqual(["home"]);
    expect(at("/callback-service/12?lang=fr")).toEqual(["callback", "form"]);
    expect(at("/Callback-Service/12/")).toEqual(["callback", "form"]);
    expect(at("/callback-service")).toEqual(["callback", "finder"]);
    expect(at("/callback-service/location")).toEqual(["finderPage"]);
    expect(at("/callback-service/confirmation?id=1&code=x")).toEqual(["confirmation"]);
    expect(at("/callback-service/manage?id=1&code=x")).toEqual(["confirmation"]);
    expect(at("/callback-service/12?mode=TV")).toEqual(["tv"]);
  });

  it("starts nothing for pages it does not know", () => {
    expect(at("/lobby")).toEqual([]);
    expect(at("/callback-service/12/extra")).toEqual([]);
  });
});
