// @vitest-environment jsdom
// Typed address state: values read with their defaults, odd values fall back, defaults stay out of
// the address, and any change but the page's own starts again at page 1.
import { act, renderHook } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { MemoryRouter, useLocation } from "../routing/routing.tsx";
import { readSearchState, searchParam, useSearchState } from "./search-state.ts";

const SPEC = {
  q: searchParam.text(10),
  sort: searchParam.oneOf(["name", "-name", "city"], "name"),
  archived: searchParam.flag("all"),
  location: searchParam.id(),
  page: searchParam.page(),
};

describe("readSearchState", () => {
  it("reads each parameter with its default", () => {
    expect(readSearchState(SPEC, new URLSearchParams(""))).toEqual({
      q: "",
      sort: "name",
      archived: false,
      location: "",
      page: 1,
    });
  });

  it("falls back on what the page does not offer and cuts long text", () => {
    const params = new URLSearchParams("q=abcdefghijklmnop&sort=drop&archived=yes&page=-3");
    expect(readSearchState(SPEC, params)).toEqual({
      q: "abcdefghij",
      sort: "name",
      archived: false,
      location: "",
      page: 1,
    });
    expect(readSearchState(SPEC, new URLSearchParams("page=2.5")).page).toBe(1);
    expect(readSearchState(SPEC, new URLSearchParams("page=4&archived=all")).page).toBe(4);
  });
});

describe("useSearchState", () => {
  function setUp(at: string) {
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(MemoryRouter, { initialEntries: [at], children });
    return renderHook(() => ({ state: useSearchState(SPEC), where: useLocation() }), { wrapper });
  }

  it("writes a change, leaves defaults out and starts again at page 1", () => {
    const { result } = setUp("/list?page=3&q=old");
    expect(result.current.state.values.page).toBe(3);
    act(() => result.current.state.set("sort", "-name"));
    expect(result.current.where.search).toBe("?q=old&sort=-name");
    act(() => result.current.state.set("sort", "name"));
    act(() => result.current.state.set("archived", true));
    expect(result.current.where.search).toBe("?q=old&archived=all");
    act(() => result.current.state.set("page", 2));
    expect(result.current.where.search).toBe("?q=old&archived=all&page=2");
    act(() => result.current.state.set("q", ""));
    expect(result.current.where.search).toBe("?archived=all");
    expect(result.current.state.values).toMatchObject({ q: "", archived: true, page: 1 });
  });
});
