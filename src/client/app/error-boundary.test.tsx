import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./error-boundary";

describe("ErrorBoundary", () => {
  it("shows its children while nothing fails", () => {
    expect(renderToStaticMarkup(<ErrorBoundary scope="page">fine</ErrorBoundary>)).toBe("fine");
  });

  it("offers a way out instead of a blank screen when a page fails to render", () => {
    const boundary = new ErrorBoundary({ scope: "page", children: null });
    boundary.state = ErrorBoundary.getDerivedStateFromError(new Error("boom"));
    const html = renderToStaticMarkup(<>{boundary.render()}</>);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Something went wrong");
    expect(html).toContain("Try again");
    expect(html).toContain("Reload page");
    expect(html).toContain("Go to home");
  });

  it("says a new version is available when the page's code is gone after a deploy", () => {
    const boundary = new ErrorBoundary({ scope: "app", children: null });
    boundary.state = ErrorBoundary.getDerivedStateFromError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"));
    const html = renderToStaticMarkup(<>{boundary.render()}</>);
    expect(html).toContain("A new version is available");
    expect(html).not.toContain("Try again");
  });
});
