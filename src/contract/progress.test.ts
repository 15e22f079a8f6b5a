import { describe, expect, it } from "vitest";
import { GENERAL_SKILLS, SKILLS_BY_POSITION, SkillRatingsSchema, skillLabel, skillsForPosition } from "./progress";
import { noShowWindow } from "./progress-basics";
import { POSITIONS } from "./coach-basics";

describe("noShowWindow", () => {
  const start = new Date("2026-11-20T15:00:00Z");
  const end = new Date("2026-11-20T16:00:00Z");
  const at = (iso: string) => noShowWindow(start, end, new Date(iso));

  it("opens 15 minutes after the start to the millisecond and closes 48 hours after the end, both edges included", () => {
    expect(at("2026-11-20T15:00:00.000Z")).toBe("too_early");
    expect(at("2026-11-20T15:14:59.999Z")).toBe("too_early");
    expect(at("2026-11-20T15:15:00.000Z")).toBe("open");
    expect(at("2026-11-20T15:30:00.000Z")).toBe("open");
    expect(at("2026-11-22T16:00:00.000Z")).toBe("open");
    expect(at("2026-11-22T16:00:00.001Z")).toBe("too_late");
  });
});

describe("skills per position", () => {
  it("has a list for every position of the spec, each skill once, and labels for all", () => {
    for (const position of POSITIONS) {
      const list = skillsForPosition(position);
      expect(list.length).toBeGreaterThanOrEqual(4);
      expect(new Set(list.map((s) => s.skill)).size).toBe(list.length);
      for (const s of list) expect(skillLabel(s.skill)).toBe(s.label);
    }
    expect(SKILLS_BY_POSITION.Goalie.map((s) => s.skill)).toEqual(expect.arrayContaining(["clears", "saves"]));
    expect(skillsForPosition(null)).toBe(GENERAL_SKILLS);
    expect(skillsForPosition("Quarterback")).toBe(GENERAL_SKILLS);
  });

  it("takes whole ratings 1 to 5, each skill at most once", () => {
    expect(SkillRatingsSchema.safeParse([{ skill: "saves", rating: 5 }]).success).toBe(true);
    expect(SkillRatingsSchema.safeParse([{ skill: "saves", rating: 0 }]).success).toBe(false);
    expect(SkillRatingsSchema.safeParse([{ skill: "saves", rating: 2.5 }]).success).toBe(false);
    expect(
      SkillRatingsSchema.safeParse([
        { skill: "saves", rating: 2 },
        { skill: "saves", rating: 3 },
      ]).success,
    ).toBe(false);
  });
});
