import * as lucide from "lucide-react";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as landingIcons from "./landing-icons";

type IconProps = { className?: string; "aria-hidden"?: boolean };

// The landing draws lucide's icons from its own copy (its budget): each must draw exactly what
// lucide-react draws, so an upgrade of lucide that changes a drawing shows up here.
describe("the landing page's icons", () => {
  const names = Object.keys(landingIcons) as (keyof typeof landingIcons)[];

  it("has the ten icons the landing draws", () => {
    expect(names.sort()).toEqual(
      ["CalendarClock", "ClipboardCheck", "Dumbbell", "Search", "ShieldCheck", "Star", "Target", "TrendingUp", "UserPlus", "Users"].sort(),
    );
  });

  it.each(names)("%s draws the same svg as lucide-react's, with or without a class", (name) => {
    const Own = landingIcons[name] as ComponentType<IconProps>;
    const Lucide = lucide[name] as ComponentType<IconProps>;
    expect(renderToStaticMarkup(<Own aria-hidden />)).toBe(renderToStaticMarkup(<Lucide aria-hidden />));
    expect(renderToStaticMarkup(<Own aria-hidden className="size-5 text-slate-300" />)).toBe(
      renderToStaticMarkup(<Lucide aria-hidden className="size-5 text-slate-300" />),
    );
  });
});
