import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StepCardHeader, StepProgress } from "./step-progress";

const textOf = (html: string) => html.replace(/<[^>]+>/g, "");

describe("StepProgress", () => {
  it("shows the step count with its title, the rounded percentage and a labelled progress bar", () => {
    const html = renderToStaticMarkup(<StepProgress step={2} total={3} title="Location Preferences" />);
    expect(textOf(html)).toBe("Step 2 of 3: Location Preferences67%");
    expect(html).toContain('role="progressbar" aria-label="Setup progress" aria-valuemin="0" aria-valuemax="100" aria-valuenow="67"');
    expect(html).toContain("width:67%");
  });

  it("shows only the count when no title is given", () => {
    const html = renderToStaticMarkup(<StepProgress step={5} total={5} />);
    expect(textOf(html)).toBe("Step 5 of 5100%");
    expect(html).toContain('aria-valuenow="100"');
  });
});

describe("StepCardHeader", () => {
  it("shows the step's title as the card title and its description below", () => {
    const html = renderToStaticMarkup(<StepCardHeader title="Session Rates" description="Set your prices." />);
    expect(html).toMatch(/<h2[^>]*><span>Session Rates<\/span><\/h2><p[^>]*>Set your prices\.<\/p>/);
  });
});
