import { describe, expect, it } from "vitest";
import { makeCoach } from "@tests/factories/coaches";
import { DEFAULT_PASSWORD, makePlayer, verifyEmail } from "@tests/factories/users";
import { uniqueEmail } from "@tests/factories/basics";
import { useTestApp } from "@tests/support/test-app";

const t = useTestApp();

const contact = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Sam",
  lastName: "Rivera",
  email: uniqueEmail("contact"),
  phoneNumber: "(410) 555-0100",
  smsOptIn: true,
  ...overrides,
});

describe("PUT /api/users/{id} (contact information)", () => {
  it("updates the user's own contact details at once, and the e-mail once the new address's link is followed", async () => {
    const { agent, user, email: oldEmail } = await makeCoach(t);
    const body = contact({ email: uniqueEmail("New.Address").toUpperCase(), currentPassword: DEFAULT_PASSWORD });
    const res = await agent.put(`/api/users/${user.id}`).send(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      firstName: "Sam",
      lastName: "Rivera",
      email: oldEmail,
      pendingEmail: body.email.toLowerCase(),
      phoneNumber: "+14105550100",
      smsOptIn: true,
      userType: "coach",
    });
    expect(res.body.coachId).toBeTypeOf("number");
    await verifyEmail(t, body.email.toLowerCase());
    const after = (await agent.get("/api/auth/user")).body;
    expect(after).toMatchObject({ email: body.email.toLowerCase(), pendingEmail: null, emailVerified: true });
  });

  it.each([
    [{ firstName: "" }, "First name is required"],
    [{ lastName: " " }, "Last name is required"],
    [{ email: "" }, "Email is required"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ phoneNumber: "" }, "Phone number is required"],
    [{ phoneNumber: "12345" }, "Please enter a valid US phone number"],
  ])("answers 400 for %j with %s and changes nothing", async (change, message) => {
    const { agent, user } = await makePlayer(t);
    const res = await agent.put(`/api/users/${user.id}`).send(contact(change));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await agent.get("/api/auth/user")).body.firstName).toBe(user.firstName);
  });

  it("answers an e-mail that another account uses, whatever its case, as it answers a free one (issue 28: no account enumeration)", async () => {
    const { email: taken } = await makePlayer(t);
    const { agent, user } = await makePlayer(t);
    const res = await agent.put(`/api/users/${user.id}`).send(contact({ email: taken.toUpperCase(), currentPassword: DEFAULT_PASSWORD }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: user.email, pendingEmail: taken.toLowerCase() });
  });

  it("keeps the user's own e-mail", async () => {
    const { agent, user, email } = await makePlayer(t);
    const res = await agent.put(`/api/users/${user.id}`).send(contact({ email }));
    expect(res.status).toBe(200);
  });

  it("refuses to change someone else with 403", async () => {
    const { user: victim } = await makePlayer(t);
    const { agent } = await makePlayer(t);
    const res = await agent.put(`/api/users/${victim.id}`).send(contact());
    expect(res.status).toBe(403);
  });

  it("needs a session", async () => {
    const res = await t.agent().put("/api/users/1").send(contact());
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Unauthorized");
  });
});

describe("/api/user/preferences", () => {
  it("updates the contact variant for any signed-in user", async () => {
    const { agent } = await makeCoach(t);
    const res = await agent.put("/api/user/preferences").send({ phoneNumber: "410-555-0199", smsOptIn: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phoneNumber: "+14105550199", smsOptIn: true });
  });

  it("stores and returns a player's playing preferences", async () => {
    const { agent } = await makePlayer(t);
    const empty = await agent.get("/api/user/preferences");
    expect(empty.body).toEqual({
      position: null,
      ageGroup: null,
      skillLevel: null,
      goals: [],
      maxTravelDistance: null,
      preferredLocation: null,
    });
    const prefs = {
      position: "Attack",
      ageGroup: "juniors",
      skillLevel: "intermediate",
      goals: ["Attack", "Faceoff"],
      maxTravelDistance: 25,
      preferredLocation: "21201",
    };
    const res = await agent.put("/api/user/preferences").send(prefs);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(prefs);
    expect((await agent.get("/api/user/preferences")).body).toEqual(prefs);
  });

  it.each([
    [{ position: "Striker" }, "Please select a valid position"],
    [{ ageGroup: "adults" }, "Please select a valid age group"],
    [{ skillLevel: "pro" }, "Please select a valid skill level"],
    [{ goals: ["Attack", "Scoring"] }, "Please select valid training goals"],
    [{ maxTravelDistance: 0 }, "Travel distance must be between 1 and 500 miles"],
    [{ maxTravelDistance: 501 }, "Travel distance must be between 1 and 500 miles"],
    [{ maxTravelDistance: 2.5 }, "Travel distance must be between 1 and 500 miles"],
    [{ preferredLocation: "2120" }, "Zipcode must be 5 digits"],
    [{ phoneNumber: "555" }, "Please enter a valid US phone number"],
  ])("refuses %j with %s", async (body, message) => {
    const { agent } = await makePlayer(t);
    const res = await agent.put("/api/user/preferences").send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await agent.get("/api/user/preferences")).body.position).toBeNull();
  });

  it("refuses playing preferences from a coach with 403", async () => {
    const { agent } = await makeCoach(t);
    const res = await agent.put("/api/user/preferences").send({ position: "Attack" });
    expect(res.status).toBe(403);
  });

  it("needs a session", async () => {
    expect((await t.agent().get("/api/user/preferences")).status).toBe(401);
    expect((await t.agent().put("/api/user/preferences").send({ smsOptIn: true })).status).toBe(401);
  });
});
