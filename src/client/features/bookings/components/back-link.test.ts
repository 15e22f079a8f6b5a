import { describe, expect, it } from "vitest";
import { backHref } from "./back-link";

const base = { origin: "http://app.test", currentPath: "/book-coach/7", fallback: "/find-coaches" };

describe("the booking page's back link", () => {
  it("prefers the last search, then a referrer of this site, then /find-coaches", () => {
    expect(
      backHref({ ...base, lastSearch: "/find-coaches?position=Attack&zipcode=21201&radius=25", referrer: "http://app.test/coach/7" }),
    ).toBe("/find-coaches?position=Attack&zipcode=21201&radius=25");
    expect(backHref({ ...base, lastSearch: null, referrer: "http://app.test/coach/7?book=true" })).toBe("/coach/7?book=true");
    expect(backHref({ ...base, lastSearch: null, referrer: "https://elsewhere.test/page" })).toBe("/find-coaches");
    expect(backHref({ ...base, lastSearch: null, referrer: "http://app.test/book-coach/7" })).toBe("/find-coaches");
    expect(backHref({ ...base, lastSearch: null, referrer: "" })).toBe("/find-coaches");
  });
});
