import { describe, expect, it } from "vitest";
import { ageGroupOfAge } from "./families";
import {
  AGE_GROUP_LABELS,
  ageOn,
  ageRuleToday,
  birthdayToIso,
  formatBirthdayInput,
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
});

describe("the under-18 rule's today", () => {
  it("is one calendar date for every browser and server: a birthday counts once it has begun everywhere", () => {
    // 2026-06-10 11:59 UTC is already June 10 in New York and Tokyo, but still June 9 at UTC-12.
    expect(ageRuleToday(new Date("2026-06-10T11:59:00Z"))).toBe("2026-06-09");
    expect(ageRuleToday(new Date("2026-06-10T12:00:00Z"))).toBe("2026-06-10");
    expect(ageOn("2008-06-10", ageRuleToday(new Date("2026-06-10T11:59:00Z")))).toBe(17);
    // The same date as the zone's own calendar, across a year's end and a leap day.
    for (const instant of ["2026-01-01T11:59:59Z", "2026-01-01T12:00:00Z", "2028-02-29T23:00:00Z", "2028-03-01T05:00:00Z"]) {
      const zoned = new Intl.DateTimeFormat("en-CA", { timeZone: "Etc/GMT+12", year: "numeric", month: "2-digit", day: "2-digit" });
      expect(ageRuleToday(new Date(instant))).toBe(zoned.format(new Date(instant)));
    }
  });
});

describe("US phone numbers", () => {
  it("are stored in E.164 whatever the punctuation", async () => {
    const { toUsE164, formatUsPhone, PhoneNumberSchema } = await import("./contact-fields");
    expect(toUsE164("(410) 555-0100")).toBe("+14105550100");
    expect(toUsE164("+1 410.555.0100")).toBe("+14105550100");
    expect(toUsE164("14105550100")).toBe("+14105550100");
    expect(formatUsPhone("+14105550100")).toBe("(410) 555-0100");
    expect(PhoneNumberSchema.parse(" 410-555-0100 ")).toBe("+14105550100");
  });

  it("refuses what is not a US number", async () => {
    const { toUsE164 } = await import("./contact-fields");
    for (const bad of ["555-0100", "+44 20 7946 0958", "(011) 555-0100", "911-555-0100", "410-911-0100", "410-555-01000", "call me"]) {
      expect(toUsE164(bad)).toBeNull();
    }
  });
});

describe("age group labels", () => {
  it("name the ages each group holds, so an 11-year-old is a Futures player under 12", () => {
    expect(AGE_GROUP_LABELS).toEqual({ futures: "Futures (under 12)", juniors: "Juniors (12-15)", "high-school": "High School (16-18)" });
    for (let age = 5; age <= 18; age++) {
      const group = ageGroupOfAge(age);
      expect(group, `age ${age}`).not.toBeNull();
      const label = AGE_GROUP_LABELS[group!];
      const under = /under (\d+)/.exec(label);
      const span = /(\d+)-(\d+)/.exec(label);
      if (under) expect(age, label).toBeLessThan(Number(under[1]));
      else expect(age >= Number(span![1]) && age <= Number(span![2]), `${age} in ${label}`).toBe(true);
    }
  });
});
