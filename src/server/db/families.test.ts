import { describe, expect, it } from "vitest";
import { audienceOf, type AudienceMember } from "./families";

const NOW = new Date("2026-06-01T12:00:00Z");

const member = (over: Partial<AudienceMember> = {}): AudienceMember => ({
  email: "dana@example.com",
  phoneNumber: "+14105550100",
  smsOptIn: false,
  birthday: "1985-03-03",
  parentEmail: null,
  parentPhoneNumber: null,
  parentSmsOptIn: false,
  ...over,
});

const minorHolder = member({
  email: "theo@example.com",
  birthday: "2011-06-01",
  parentEmail: "Pam@Example.com",
  parentPhoneNumber: "+14105550199",
  parentSmsOptIn: true,
});

describe("audienceOf: who hears about a family (DESIGN.md 11)", () => {
  it("every guardian by e-mail, by text only on their own opt-in, each address once", () => {
    const audience = audienceOf(
      [
        member(),
        member({ email: "Jordan@example.com", phoneNumber: "+14105550101", smsOptIn: true }),
        member({ email: "DANA@example.com" }),
      ],
      NOW,
    );
    expect(audience).toEqual({ emails: ["dana@example.com", "jordan@example.com"], phones: ["+14105550101"], parent: null });
  });

  it("a minor holder alone: their parent is copied, texted on the parent's own opt-in", () => {
    expect(audienceOf([minorHolder], NOW)).toEqual({
      emails: ["theo@example.com", "pam@example.com"],
      phones: ["+14105550199"],
      parent: { email: "pam@example.com", phone: "+14105550199" },
    });
    const noTexts = audienceOf([{ ...minorHolder, parentSmsOptIn: false }], NOW);
    expect(noTexts.phones).toEqual([]);
    expect(noTexts.parent).toEqual({ email: "pam@example.com", phone: null });
  });

  it("no parent once a second guardian has joined, for an adult holder, or for a holder who turned 18", () => {
    expect(audienceOf([minorHolder, member({ email: "gina@example.com" })], NOW).parent).toBeNull();
    expect(audienceOf([{ ...minorHolder, birthday: "1990-01-01" }], NOW)).toMatchObject({ emails: ["theo@example.com"], parent: null });
    expect(audienceOf([{ ...minorHolder, birthday: "2008-06-01" }], NOW).parent).toBeNull();
    expect(audienceOf([{ ...minorHolder, birthday: "2008-06-02" }], NOW).parent).not.toBeNull();
  });

  it("a holder whose birthday is unknown is not known to be an adult: the parent named is copied", () => {
    expect(audienceOf([{ ...minorHolder, birthday: null }], NOW).parent?.email).toBe("pam@example.com");
  });

  it("nobody to tell without members", () => {
    expect(audienceOf([], NOW)).toEqual({ emails: [], phones: [], parent: null });
  });
});
