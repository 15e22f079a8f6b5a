import { describe, expect, it } from "vitest";
import { ageRuleToday, PlayerMessages } from "@contract/players";
import { makeCoach } from "@tests/factories/coaches";
import { makePlayer } from "@tests/factories/users";
import { useTestApp } from "@tests/support/test-app";
import { FamilyMessages } from "@contract/families";

const t = useTestApp();

/** A birthday `years` years before the under-18 rule's today, as YYYY-MM-DD. */
function yearsAgo(years: number, plusDays = 0): string {
  const [y = NaN, m = NaN, d = NaN] = ageRuleToday(t.deps.clock.now()).split("-").map(Number);
  const shifted = new Date(Date.UTC(y - years, m - 1, d + plusDays));
  return shifted.toISOString().slice(0, 10);
}

const adultProfile = () => ({
  firstName: "Alex",
  lastName: "Morgan",
  phoneNumber: "(410) 555-0100",
  playerEmail: "alex.player@example.com",
  birthday: yearsAgo(25),
  preferredLocation: "10001",
  maxTravelDistance: 25,
  position: "Goalie",
  secondaryPosition: "none",
  ageGroup: "high-school",
  skillLevel: "advanced",
  goals: ["Goalie", "Defense"],
});

const parent = {
  parentFirstName: "Pat",
  parentLastName: "Morgan",
  parentPhoneNumber: "410-555-0199",
  parentEmail: "pat.parent@example.com",
};

describe("PATCH /api/users/profile", () => {
  it("saves an adult player's profile, ends the set-up gate and maps secondary 'none' to empty", async () => {
    const { agent } = await makePlayer(t);
    const res = await agent.patch("/api/users/profile").send(adultProfile());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: "Alex",
      phoneNumber: "+14105550100",
      playerEmail: "alex.player@example.com",
      position: "Goalie",
      secondaryPosition: null,
      preferredLocation: "10001",
      maxTravelDistance: 25,
      goals: ["Goalie", "Defense"],
      parentFirstName: null,
    });
    expect((await agent.get("/api/auth/user")).body.birthday).toBe(adultProfile().birthday);
    expect((await agent.get("/api/user/preferences")).body).toMatchObject({
      position: "Goalie",
      ageGroup: "high-school",
      skillLevel: "advanced",
    });
  });

  it("refuses a minor without parent details, then without the parent's SMS consent, and changes nothing", async () => {
    const { agent } = await makePlayer(t);
    const minor = { ...adultProfile(), birthday: yearsAgo(14) };
    const noParent = await agent.patch("/api/users/profile").send(minor);
    expect(noParent.status).toBe(400);
    expect(noParent.body.message).toBe(PlayerMessages.MISSING_PARENT.description);
    const noConsent = await agent.patch("/api/users/profile").send({ ...minor, ...parent });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.message).toBe(PlayerMessages.PARENT_SMS_CONSENT.description);
    expect((await agent.get("/api/auth/user")).body).toMatchObject({ phoneNumber: null, position: null, birthday: null });

    const ok = await agent.patch("/api/users/profile").send({ ...minor, ...parent, parentSmsOptIn: true });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ parentFirstName: "Pat", parentSmsOptIn: true, birthday: minor.birthday });
  });

  it("counts a player as a minor until the day they turn 18", async () => {
    const { agent } = await makePlayer(t);
    const turnsEighteenTomorrow = await agent.patch("/api/users/profile").send({ ...adultProfile(), birthday: yearsAgo(18, 1) });
    expect(turnsEighteenTomorrow.status).toBe(400);
    const eighteenToday = await agent.patch("/api/users/profile").send({ ...adultProfile(), birthday: yearsAgo(18) });
    expect(eighteenToday.status).toBe(200);
  });

  it("applies the minor rule to the stored profile when only some fields are sent", async () => {
    const { agent } = await makePlayer(t);
    await agent
      .patch("/api/users/profile")
      .send({ ...adultProfile(), birthday: yearsAgo(15), ...parent, parentSmsOptIn: true })
      .expect(200);
    // Once set, a minor's parent contact is the parent's to change (DESIGN.md 12): 403, nothing saved.
    const res = await agent.patch("/api/users/profile").send({ parentSmsOptIn: false });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(FamilyMessages.MINOR_PARENT_CONTACT_LOCKED);
    expect((await agent.get("/api/auth/user")).body).toMatchObject({ parentSmsOptIn: true });
  });

  it.each([
    [{ birthday: "03/15/2010" }, PlayerMessages.INVALID_BIRTHDAY.description],
    [{ birthday: "2010-02-30" }, PlayerMessages.INVALID_BIRTHDAY.description],
    [{ preferredLocation: "1000a" }, "Zipcode must be 5 digits"],
    [{ phoneNumber: "12345" }, "Please enter a valid US phone number"],
    [{ playerEmail: "nope" }, "Please enter a valid email address"],
    [{ position: "Quarterback" }, "Please select a valid position"],
    [{ ageGroup: "adults" }, "Please select a valid age group"],
    [{ skillLevel: "pro" }, "Please select a valid skill level"],
    [{ maxTravelDistance: 0 }, "Travel distance must be between 1 and 500 miles"],
  ])("answers 400 for %j with %s", async (change, message) => {
    const { agent } = await makePlayer(t);
    const res = await agent.patch("/api/users/profile").send({ ...adultProfile(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await agent.get("/api/auth/user")).body.position).toBeNull();
  });

  it("is for signed-in players only", async () => {
    expect((await t.agent().patch("/api/users/profile").send(adultProfile())).status).toBe(401);
    const { agent } = await makeCoach(t);
    expect((await agent.patch("/api/users/profile").send(adultProfile())).status).toBe(403);
  });
});
