// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { signInHref } from "@client/config/paths";
import { rememberReturnTo, safeReturnPath, takeReturnTo } from "./return-to";

describe("coming back after signing in", () => {
  beforeEach(() => sessionStorage.clear());

  it("keeps only paths of this site", () => {
    expect(safeReturnPath("/book-coach/4?slot=9")).toBe("/book-coach/4?slot=9");
    expect(safeReturnPath("//evil.example/x")).toBeNull();
    expect(safeReturnPath("/\\evil.example")).toBeNull();
    expect(safeReturnPath("https://evil.example")).toBeNull();
    expect(safeReturnPath("/login?next=/x")).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });

  it("names the coach and slot in the login address, and gives the path back once", () => {
    const href = signInHref("/book-coach/4?slot=9", { register: true });
    const query = new URLSearchParams(href.split("?")[1]);
    expect(href.startsWith("/login?")).toBe(true);
    expect(Object.fromEntries(query)).toEqual({ intent: "player", tab: "register", next: "/book-coach/4?slot=9" });
    rememberReturnTo(query.get("next"));
    expect(takeReturnTo()).toBe("/book-coach/4?slot=9");
    expect(takeReturnTo()).toBeNull();
    rememberReturnTo("//evil.example");
    expect(takeReturnTo()).toBeNull();
  });
});
