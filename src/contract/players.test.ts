import { describe, expect, it } from "vitest";
import {
  ageOn,
  birthdayToIso,
  formatBirthdayInput,
  isoDateIn,
  isoToBirthday,
  minorRuleProblem,
  PlayerMessages,
  UNKNOWN_AGE,
} from "./players";

describe("birthday input", () => {
  it("inserts the slashes as digits are typed and stops at 10 characters", () => {
    expect(formatBirthdayInput("0")).toBe("0");
    expect(formatBirthdayInput("031")).toBe("03/1");
    expect(formatBirthdayInput("03152")).toBe("03/15/2");
    expect(formatBirthdayInput("03152010")).toBe("03/15/2010");
    expect(formatBirthdayInput("03/15/20109999")).toBe("03/15/2010");
    expect(formatBirthdayInput("ab03-15")).toBe("03/15");
  });

  it("converts only a real date with a 4-digit year to YYYY-MM-DD", () => {
    expect(birthdayToIso("03/15/2010")).toBe("2010-03-15");
    expect(birthdayToIso("02/29/2012")).toBe("2012-02-29");
    expect(birthdayToIso("02/29/2011")).toBeNull();
    expect(birthdayToIso("13/01/2010")).toBeNull();
    expect(birthdayToIso("03/15/10")).toBeNull();
    expect(isoToBirthday("2010-03-15")).toBe("03/15/2010");
    expect(isoToBirthday(null)).toBe("");
  });
});

describe("age and the minor rule", () => {
  it("counts whole years, turning a year older on the birthday", () => {
    expect(ageOn("2008-06-10", "2026-06-09")).toBe(17);
    expect(ageOn("2008-06-10", "2026-06-10")).toBe(18);
  });

  it("treats an unparsable or future birthday as 99", () => {
    expect(ageOn(null, "2026-01-01")).toBe(UNKNOWN_AGE);
    expect(ageOn("2026-13-01", "2026-01-01")).toBe(UNKNOWN_AGE);
    expect(ageOn("2030-01-01", "2026-01-01")).toBe(UNKNOWN_AGE);
  });

  it("asks a minor for all parent fields, then the parent's SMS consent; never an adult", () => {
    const parent = { parentFirstName: "Pat", parentLastName: "Lee", parentPhoneNumber: "4105550100", parentEmail: "pat@example.com" };
    expect(minorRuleProblem("2012-01-01", "2026-01-01", {})).toBe(PlayerMessages.MISSING_PARENT);
    expect(minorRuleProblem("2012-01-01", "2026-01-01", { ...parent, parentEmail: " " })).toBe(PlayerMessages.MISSING_PARENT);
    expect(minorRuleProblem("2012-01-01", "2026-01-01", parent)).toBe(PlayerMessages.PARENT_SMS_CONSENT);
    expect(minorRuleProblem("2012-01-01", "2026-01-01", { ...parent, parentSmsOptIn: true })).toBeNull();
    expect(minorRuleProblem("1990-01-01", "2026-01-01", {})).toBeNull();
    expect(minorRuleProblem(null, "2026-01-01", {})).toBeNull();
  });

  it("reads today's date in a time zone", () => {
    const instant = new Date("2026-03-01T03:00:00Z");
    expect(isoDateIn(instant, "America/New_York")).toBe("2026-02-28");
    expect(isoDateIn(instant, "UTC")).toBe("2026-03-01");
  });
});
