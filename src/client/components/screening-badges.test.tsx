import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Badge } from "@contract/credentials";
import { formatBadgeDate, ScreeningBadges } from "./screening-badges";

const textOf = (html: string) => html.replace(/<[^>]+>/g, "");
const badge = (kind: Badge["kind"], label: string, expiresOn: string | null): Badge => ({
  kind,
  label,
  verifiedAt: "2026-11-01T12:00:00.000Z",
  expiresOn,
});
const SAFESPORT = badge("safesport", "SafeSport trained", "2027-10-30");
const CHECK = badge("background_check", "Background checked", "2028-11-02");
const MEMBER = badge("usa_lacrosse", "USA Lacrosse member", "2027-03-01");

describe("ScreeningBadges (DESIGN 12)", () => {
  it("says both screenings in words, valid until the earlier of their dates", () => {
    const html = renderToStaticMarkup(<ScreeningBadges badges={[SAFESPORT, CHECK, MEMBER]} />);
    expect(textOf(html)).toBe("SafeSport trained · background checkedvalid until Oct 30, 2027");
    // The shield is decoration; the words carry the meaning.
    expect(html).toContain('aria-hidden="true"');
  });

  it("names the one screening a coach has, and the other credentials only where asked", () => {
    expect(textOf(renderToStaticMarkup(<ScreeningBadges badges={[CHECK]} />))).toBe("Background checkedvalid until Nov 2, 2028");
    const profile = textOf(renderToStaticMarkup(<ScreeningBadges badges={[SAFESPORT, MEMBER]} withOthers />));
    expect(profile).toContain("SafeSport trainedvalid until Oct 30, 2027");
    expect(profile).toContain("USA Lacrosse member · valid until Mar 1, 2027");
  });

  it("shows nothing for a coach without a current badge", () => {
    expect(renderToStaticMarkup(<ScreeningBadges badges={[]} />)).toBe("");
    expect(renderToStaticMarkup(<ScreeningBadges badges={[MEMBER]} />)).toBe("");
  });

  it("writes a calendar date the same in every zone, and leaves anything else as it is", () => {
    expect(formatBadgeDate("2027-01-05")).toBe("Jan 5, 2027");
    expect(formatBadgeDate("soon")).toBe("soon");
  });
});
