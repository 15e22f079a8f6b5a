import { describe, expect, it } from "vitest";
import { coachContactOf, type CoachContactInput } from "./coach-contact";

const dana = { userId: 1, firstName: "Dana", lastName: "Whitaker", email: "dana@example.com", phoneNumber: "+14105550199" };
const holder = (over: Partial<CoachContactInput["holder"]> = {}): CoachContactInput["holder"] => ({
  id: 1,
  firstName: "Dana",
  lastName: "Whitaker",
  email: "dana@example.com",
  phoneNumber: "+14105550199",
  isMinor: false,
  parentFirstName: null,
  parentLastName: null,
  parentEmail: null,
  parentPhoneNumber: null,
  ...over,
});
const riley = holder({
  id: 2,
  firstName: "Riley",
  email: "riley@example.com",
  phoneNumber: "+14105550111",
  isMinor: true,
  parentFirstName: "Dana",
  parentLastName: "Whitaker",
  parentEmail: "dana@example.com",
  parentPhoneNumber: "+14105550199",
});

describe("whom a coach reaches about a session", () => {
  it.each<[string, CoachContactInput, string, string | null]>([
    [
      "an adult plays",
      { athlete: { isMinor: false }, holder: holder(), guardians: [dana], withContact: true },
      "Dana Whitaker",
      "dana@example.com",
    ],
    [
      "a parent books for a minor",
      { athlete: { isMinor: true }, holder: holder(), guardians: [dana], withContact: true },
      "Guardian: Dana Whitaker",
      "dana@example.com",
    ],
    [
      "a minor holds the account alone",
      {
        athlete: { isMinor: true },
        holder: riley,
        guardians: [{ ...dana, userId: 2, firstName: "Riley", email: "riley@example.com" }],
        withContact: true,
      },
      "Guardian: Dana Whitaker",
      "dana@example.com",
    ],
    [
      "a minor holder's parent joined as a guardian",
      {
        athlete: null,
        holder: riley,
        guardians: [
          { ...riley, userId: 2 },
          { ...dana, userId: 9, email: "dana.joined@example.com" },
        ],
        withContact: true,
      },
      "Guardian: Dana Whitaker",
      "dana.joined@example.com",
    ],
    [
      "the seat is not paid yet",
      { athlete: { isMinor: true }, holder: holder(), guardians: [dana], withContact: false },
      "Guardian: Dana Whitaker",
      null,
    ],
  ])("%s", (_case, input, label, email) => {
    const contact = coachContactOf(input);
    expect(contact.label).toBe(label);
    expect(contact.email).toBe(email);
    expect(contact.email).not.toBe("riley@example.com");
    expect(contact.phoneNumber).not.toBe("+14105550111");
  });
});
