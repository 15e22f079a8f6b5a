import { describe, expect, it } from "vitest";
import { personNameField } from "./accounts";
import { idField, requiredTextField, sessionDurationField, starRatingField, wholeNumberField } from "./fields";

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("shared contract fields", () => {
  it("an id is taken as a number or as digits, and anything else says the field's message", () => {
    const id = idField("Pick one");
    expect(id.parse(12)).toBe(12);
    expect(id.parse(" 12 ")).toBe(12);
    for (const bad of ["abc", "", "1234567890", 0, -3, 1.5, true, null]) expect(messageOf(id.safeParse(bad))).toBe("Pick one");
  });

  it("a whole number stays within its bounds", () => {
    const weeks = wholeNumberField(2, 1, 26, "Book 1 to 26 weeks.");
    expect(weeks.parse("26")).toBe(26);
    for (const bad of ["27", "0", "100", 2.5]) expect(messageOf(weeks.safeParse(bad))).toBe("Book 1 to 26 weeks.");
  });

  it("a session duration is one of the offered lengths", () => {
    const duration = sessionDurationField("Please select a session duration.");
    expect(duration.parse("60")).toBe(60);
    expect(messageOf(duration.safeParse(45))).toBe("Please select a session duration.");
  });

  it("a star rating is 1 to 5", () => {
    const stars = starRatingField("Please choose a rating");
    expect(stars.parse("5")).toBe(5);
    for (const bad of ["6", 0, "10"]) expect(messageOf(stars.safeParse(bad))).toBe("Please choose a rating");
  });

  it("required text is trimmed; blank or missing says it is required, too long says so", () => {
    const reply = requiredTextField("Please write a reply.", 5, "Too long");
    expect(reply.parse("  hi  ")).toBe("hi");
    for (const bad of ["", "   ", undefined, 3]) expect(messageOf(reply.safeParse(bad))).toBe("Please write a reply.");
    expect(messageOf(reply.safeParse("abcdef"))).toBe("Too long");
  });

  it("a person's name is at most 100 characters, in the words of its field", () => {
    const firstName = personNameField("First name is required");
    expect(messageOf(firstName.safeParse(" "))).toBe("First name is required");
    expect(messageOf(firstName.safeParse("a".repeat(101)))).toBe("First name is too long");
  });
});
