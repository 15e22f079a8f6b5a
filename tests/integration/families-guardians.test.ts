import { advanceClock, UNDER_13_ATHLETE } from "@tests/factories/basics";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createApp } from "@server/app";
import { users } from "@server/db/schema/index";
import { createLogger } from "@server/logger";
import { createBookableCoach, createPerson, createSlot, get, post, requestBooking, type Person } from "@tests/factories/bookings";
import { useTestApp } from "@tests/support/test-app";
import { createPackage } from "@tests/factories/packages";

/**
 * DESIGN.md 12, guardians and children: the family's owner, invitations (verified senders, daily
 * caps, 7-day expiry, fixed subject, no token in a log), accepting without moving an athlete, a
 * minor account holder's limits and the parent contact's confirmation.
 */
const t = useTestApp();

const db = () => t.deps.database.db;
const del = (path: string, cookie: string) => request(t.app).delete(path).set("Cookie", cookie);
const patch = (path: string, cookie: string, body: object) => request(t.app).patch(path).set("Cookie", cookie).send(body);
const advance = (minutes: number) => advanceClock(t, minutes);

// Under 13: added with the guardian's consent (DESIGN.md 12).
const MIA = { ...UNDER_13_ATHLETE };

const mailsTo = (email: string, subject?: string) =>
  t.outbox().filter((m) => m.channel === "email" && m.recipient === email && (subject === undefined || m.headers.Subject === subject));

function invitationToken(email: string): string {
  const mail = mailsTo(email, "You're invited to join a family on LaxCoach").at(-1);
  const token = mail ? /\/family\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1] : undefined;
  if (!token) throw new Error(`no invitation was mailed to ${email}`);
  return token;
}

async function verified(person: Person): Promise<Person> {
  await db().update(users).set({ emailVerified: true }).where(eq(users.id, person.userId));
  return person;
}

const newParent = async (firstName = "Dana") => verified(await createPerson(t, "player", { firstName }));

async function invite(from: Person, email: string) {
  return post(t, "/api/family/guardians", from.cookie, { email });
}

async function join(holder: Person, firstName = "Jordan"): Promise<Person> {
  const second = await newParent(firstName);
  expect((await invite(holder, second.email)).status).toBe(201);
  expect((await post(t, `/api/family/invitations/${invitationToken(second.email)}/accept`, second.cookie, {})).status).toBe(200);
  return second;
}

const athleteIds = async (who: Person) => ((await get(t, "/api/athletes", who.cookie)).body as { id: number }[]).map((a) => a.id);

describe("the family's owner", () => {
  it("is its first guardian: only the owner invites and removes, the owner is never removed, any guardian may leave", async () => {
    const owner = await newParent();
    const mia = (await post(t, "/api/athletes", owner.cookie, MIA)).body as { id: number };
    const second = await join(owner, "Jordan");
    const third = await join(owner, "Riley");

    const guardians = (await get(t, "/api/family/guardians", second.cookie)).body as { userId: number; isOwner: boolean }[];
    expect(guardians.filter((g) => g.isOwner).map((g) => g.userId)).toEqual([owner.userId]);

    // A guardian who is not the owner can neither invite nor remove; nobody removes the owner.
    const outsider = await newParent();
    const refused = await invite(second, outsider.email);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only the family's owner can do that.");
    expect((await del(`/api/family/guardians/${third.userId}`, second.cookie)).status).toBe(403);
    const ownerStays = await del(`/api/family/guardians/${owner.userId}`, second.cookie);
    expect(ownerStays.status).toBe(409);
    expect(ownerStays.body.message).toBe("The family's owner cannot be removed.");
    expect((await del(`/api/family/guardians/${owner.userId}`, owner.cookie)).status).toBe(409);

    // Any guardian leaves; every guardian, the one who left included, is mailed.
    const before = t.outbox().length;
    expect((await del(`/api/family/guardians/${third.userId}`, third.cookie)).status).toBe(200);
    const mails = t.outbox().slice(before);
    expect(mails.map((m) => m.recipient).sort()).toEqual([owner.email, second.email, third.email].sort());
    expect(mails[0]!.body).toContain("Riley Player left your family");

    // The owner removes a guardian: the family's athletes stay, the removed one starts a family of their own.
    const removedAt = t.outbox().length;
    expect((await del(`/api/family/guardians/${second.userId}`, owner.cookie)).status).toBe(200);
    expect(
      t
        .outbox()
        .slice(removedAt)
        .map((m) => m.recipient)
        .sort(),
    ).toEqual([owner.email, second.email].sort());
    expect(await athleteIds(owner)).toContain(mia.id);
    const own = (await get(t, "/api/athletes", second.cookie)).body as { id: number; firstName: string }[];
    expect(own.map((a) => a.firstName)).toEqual(["Jordan"]);
    expect(own.map((a) => a.id)).not.toContain(mia.id);
  });

  it("hands ownership to another guardian, mailed to both; then the new owner invites and the old one cannot", async () => {
    const owner = await newParent();
    const second = await join(owner);
    expect((await post(t, "/api/family/owner", second.cookie, { userId: second.userId })).status).toBe(403);
    expect((await post(t, "/api/family/owner", owner.cookie, { userId: 999999 })).status).toBe(404);
    expect((await post(t, "/api/family/owner", owner.cookie, { userId: "x" })).status).toBe(400);
    const before = t.outbox().length;
    expect((await post(t, "/api/family/owner", owner.cookie, { userId: second.userId })).status).toBe(200);
    expect(
      t
        .outbox()
        .slice(before)
        .map((m) => m.recipient)
        .sort(),
    ).toEqual([owner.email, second.email].sort());
    const guardians = (await get(t, "/api/family/guardians", owner.cookie)).body as { userId: number; isOwner: boolean }[];
    expect(guardians.find((g) => g.isOwner)?.userId).toBe(second.userId);
    const someone = await newParent();
    expect((await invite(owner, someone.email)).status).toBe(403);
    expect((await invite(second, someone.email)).status).toBe(201);
    // The former owner may now leave.
    expect((await del(`/api/family/guardians/${owner.userId}`, owner.cookie)).status).toBe(200);
  });
});

describe("invitations", () => {
  it("come only from a verified address, with a fixed subject naming the inviter and the athletes' first names", async () => {
    const unverified = await createPerson(t, "player", { firstName: "Una" });
    const invitee = await newParent();
    const refused = await invite(unverified, invitee.email);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Please verify your e-mail address before inviting a guardian.");
    expect(mailsTo(invitee.email)).toHaveLength(0);

    const owner = await newParent("Dana");
    await post(t, "/api/athletes", owner.cookie, MIA);
    expect((await invite(owner, invitee.email)).status).toBe(201);
    const [mail] = mailsTo(invitee.email);
    expect(mail!.headers.Subject).toBe("You're invited to join a family on LaxCoach");
    expect(mail!.body).toContain("Dana Player invited you");
    expect(mail!.body).toContain("Mia");
    expect(mail!.body).not.toContain("Parker");
    expect(mail!.body).not.toContain(owner.email);
  });

  it("are at most 5 a day per family and 3 a day per invited address (429)", async () => {
    const owner = await newParent();
    for (let i = 0; i < 5; i++) expect((await invite(owner, `cap-${owner.userId}-${i}@example.com`)).status).toBe(201);
    const sixth = await invite(owner, `cap-${owner.userId}-5@example.com`);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/at most 5 invitations a day/);
    expect((await get(t, "/api/family/invitations", owner.cookie)).body).toHaveLength(5);

    const target = `popular-${owner.userId}@example.com`;
    for (let i = 0; i < 3; i++) expect((await invite(await newParent(), target)).status).toBe(201);
    const fourth = await invite(await newParent(), target);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(/invited 3 times today/);
  });

  it("expire 7 days after sending (410), like a used one", async () => {
    const owner = await newParent();
    const invitee = await newParent();
    await invite(owner, invitee.email);
    const token = invitationToken(invitee.email);
    await advance(7 * 24 * 60 + 5);
    expect((await get(t, `/api/family/invitations/${token}`, invitee.cookie)).status).toBe(410);
    const late = await post(t, `/api/family/invitations/${token}/accept`, invitee.cookie, {});
    expect(late.status).toBe(410);
    expect(late.body.message).toMatch(/expired/);
    expect((await get(t, "/api/family/guardians", owner.cookie)).body).toHaveLength(1);
  });

  it("never put their token in the access log", async () => {
    const lines: string[] = [];
    const logger = createLogger("info", new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }));
    const app = createApp({ ...t.deps, logger });
    const owner = await newParent();
    const invitee = await newParent();
    await invite(owner, invitee.email);
    const token = invitationToken(invitee.email);
    await request(app).get(`/api/family/invitations/${token}`).set("Cookie", invitee.cookie);
    await request(app).post(`/api/family/invitations/${token}/accept`).set("Cookie", invitee.cookie).send({});
    await request(app).post("/api/family/parent-contact/confirm").send({ token });
    const log = lines.join("");
    expect(log).toContain("/api/family/invitations/[token]/accept");
    expect(log).not.toContain(token);
  });
});

describe("accepting an invitation", () => {
  it("an accepted invitation moves no athlete", async () => {
    const owner = await newParent();
    const mia = (await post(t, "/api/athletes", owner.cookie, MIA)).body as { id: number };
    const invitee = await newParent("Jordan");
    const theirs = (await post(t, "/api/athletes", invitee.cookie, { ...MIA, firstName: "Leo" })).body as { id: number };
    const ownerBefore = await athleteIds(owner);
    await invite(owner, invitee.email);
    expect((await post(t, `/api/family/invitations/${invitationToken(invitee.email)}/accept`, invitee.cookie, {})).status).toBe(200);
    // The inviter's family is as it was; the invitee's empty profiles are gone, not moved in.
    expect(await athleteIds(owner)).toEqual(ownerBefore);
    expect(await athleteIds(owner)).toContain(mia.id);
    expect(await athleteIds(owner)).not.toContain(theirs.id);
    expect(await athleteIds(invitee)).toEqual(ownerBefore);
    // Everyone is told who joined.
    expect(mailsTo(owner.email, "Your family's guardians changed")).toHaveLength(1);
    expect(mailsTo(invitee.email, "Your family's guardians changed")).toHaveLength(1);
  });

  async function refusedWith(invitee: Person) {
    const owner = await newParent();
    const ownerBefore = await athleteIds(owner);
    const inviteeBefore = await athleteIds(invitee);
    await invite(owner, invitee.email);
    const token = invitationToken(invitee.email);
    const res = await post(t, `/api/family/invitations/${token}/accept`, invitee.cookie, {});
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This account already has its own athletes.");
    // Nothing changed: both families as they were, the invitation still open.
    expect(await athleteIds(owner)).toEqual(ownerBefore);
    expect(await athleteIds(invitee)).toEqual(inviteeBefore);
    expect((await get(t, "/api/family/guardians", owner.cookie)).body).toHaveLength(1);
    expect((await get(t, "/api/family/invitations", owner.cookie)).body).toHaveLength(1);
  }

  it("an invitee with a conversation gets 409, not 500", async () => {
    const coach = await createBookableCoach(t);
    const invitee = await newParent();
    expect([200, 201]).toContain((await post(t, "/api/conversations", invitee.cookie, { coachId: coach.coachId })).status);
    await refusedWith(invitee);
  });

  it("an invitee with a package gets 409, not 500", async () => {
    const coach = await createBookableCoach(t);
    const pkg = await createPackage(t, coach);
    const invitee = await newParent();
    expect((await post(t, `/api/packages/${pkg.id}/purchase`, invitee.cookie, {})).status).toBe(201);
    await refusedWith(invitee);
  });

  it("an invitee whose athlete has a booking gets 409 and keeps it", async () => {
    const coach = await createBookableCoach(t);
    const invitee = await newParent();
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 80 });
    const booked = await requestBooking(t, invitee, coach, slot.id);
    expect(booked.status).toBe(201);
    await refusedWith(invitee);
    expect((await get(t, `/api/bookings/${booked.body.id}`, invitee.cookie)).status).toBe(200);
  });
});

describe("a minor account holder", () => {
  const minorProfile = (parentEmail: string) => ({
    birthday: "2011-06-01",
    parentFirstName: "Pam",
    parentLastName: "Parker",
    parentPhoneNumber: "(410) 555-0142",
    parentEmail,
    parentSmsOptIn: true,
  });

  it("a minor cannot switch off the parent copy", async () => {
    const minor = await verified(await createPerson(t, "player", { firstName: "Theo" }));
    const parent = await newParent("Pam");
    // The first setting (onboarding) is the minor's: the parent is mailed a confirmation link and the family's first invitation.
    expect((await patch("/api/users/profile", minor.cookie, minorProfile(parent.email))).status).toBe(200);
    expect(mailsTo(parent.email, "Please confirm your address on LaxCoach")).toHaveLength(1);
    expect(mailsTo(parent.email, "You're invited to join a family on LaxCoach")).toHaveLength(1);

    // Later: no other parent address, no adult birthday, no guardian of their choosing.
    const swapped = await patch("/api/users/profile", minor.cookie, minorProfile(`me-again-${minor.userId}@example.com`));
    expect(swapped.status).toBe(403);
    expect(swapped.body.message).toMatch(/parent or guardian's contact is already set/);
    expect((await patch("/api/users/profile", minor.cookie, { ...minorProfile(parent.email), parentSmsOptIn: false })).status).toBe(403);
    expect((await patch("/api/users/profile", minor.cookie, { birthday: "1990-01-01" })).status).toBe(403);
    // The same values again (the profile form sends them all) are no change.
    expect((await patch("/api/users/profile", minor.cookie, { ...minorProfile(parent.email), firstName: "Theodore" })).status).toBe(200);
    const me = await get(t, "/api/auth/user", minor.cookie);
    expect(me.body.parentEmail).toBe(parent.email);

    const friend = await newParent();
    const invited = await invite(minor, friend.email);
    expect(invited.status).toBe(403);
    expect(invited.body.message).toBe("Your parent or guardian manages who belongs to your family.");
    expect(mailsTo(friend.email)).toHaveLength(0);

    // The parent joins through their invitation and owns the family; the minor cannot remove them.
    expect((await post(t, `/api/family/invitations/${invitationToken(parent.email)}/accept`, parent.cookie, {})).status).toBe(200);
    const guardians = (await get(t, "/api/family/guardians", minor.cookie)).body as { userId: number; isOwner: boolean }[];
    expect(guardians.find((g) => g.isOwner)?.userId).toBe(parent.userId);
    expect((await del(`/api/family/guardians/${parent.userId}`, minor.cookie)).status).toBe(409);
    expect((await post(t, "/api/family/owner", parent.cookie, { userId: minor.userId })).status).toBe(403);
  });

  it("the parent contact receives a message's text only after confirming itself by the mailed link", async () => {
    const coach = await createBookableCoach(t);
    const minor = await verified(await createPerson(t, "player", { firstName: "Theo" }));
    const parentEmail = `pam-${minor.userId}@example.com`;
    expect((await patch("/api/users/profile", minor.cookie, minorProfile(parentEmail))).status).toBe(200);
    const conversation = (await post(t, "/api/conversations", minor.cookie, { coachId: coach.coachId })).body as { id: number };
    expect((await post(t, `/api/conversations/${conversation.id}/messages`, coach.cookie, { body: "Gate code is 4321" })).status).toBe(201);
    await advance(1);
    const notice = mailsTo(parentEmail).find((m) => m.body.includes("Confirm this address to receive the text"));
    expect(notice).toBeDefined();
    expect(notice!.body).not.toContain("4321");

    const link = /\/family\/parent-contact\/confirm\?token=([A-Za-z0-9_-]+)/.exec(notice!.body);
    expect(link).not.toBeNull();
    expect((await post(t, "/api/family/parent-contact/confirm", "", { token: "nope-nope-nope-nope" })).status).toBe(404);
    expect((await post(t, "/api/family/parent-contact/confirm", "", {})).status).toBe(400);
    const confirmed = await post(t, "/api/family/parent-contact/confirm", "", { token: link![1] });
    expect(confirmed.status).toBe(200);

    expect(
      (await post(t, `/api/conversations/${conversation.id}/messages`, coach.cookie, { body: "Bring water, 12 bottles" })).status,
    ).toBe(201);
    await advance(1);
    expect(mailsTo(parentEmail).some((m) => m.body.includes("Bring water, 12 bottles"))).toBe(true);
  });
});
