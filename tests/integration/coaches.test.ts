import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makeCoach, DEFAULT_COACH_PROFILE } from "@tests/factories/coaches";
import { makePlayer, registerUser } from "@tests/factories/users";
import { useTestApp } from "@tests/support/test-app";

const t = useTestApp({ APP_TIMEZONE: "America/Chicago" });

const newCoachAgent = async () => (await registerUser(t.agent(), { userType: "coach", firstName: "Riley", lastName: "Stone" })).agent;

describe("creating a coach profile", () => {
  it("stores the profile with location and time zone from the ZIP and rates as decimal strings", async () => {
    const { agent, user } = await registerUser(t.agent(), { userType: "coach", firstName: "Jordan", lastName: "Miles" });
    const res = await agent.post("/api/coaches").send({
      title: "Goalie Specialist",
      bio: "Former college goalie.",
      zipcode: "90210",
      location: "ignored, computed by the server",
      specializations: ["Goalie", "Clearing"],
      experience: "8 years",
      allowSessionRequests: false,
      rates: [
        { sessionType: "individual", duration: 60, rate: 85 },
        { sessionType: "group", duration: 30, rate: "25.5" },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: user.id,
      title: "Goalie Specialist",
      bio: "Former college goalie.",
      zipcode: "90210",
      location: "Beverly Hills, CA",
      timeZone: "America/Los_Angeles",
      specializations: ["Goalie", "Clearing"],
      positions: ["Goalie"],
      experience: "8 years",
      allowSessionRequests: false,
      profileImageUrl: null,
      user: { firstName: "Jordan", lastName: "Miles", email: user.email },
    });
    expect(res.body.latitude).toBeCloseTo(34.09, 1);
    expect(res.body.rates.map((r: { sessionType: string; duration: number; rate: string }) => [r.sessionType, r.duration, r.rate])).toEqual(
      [
        ["group", 30, "25.50"],
        ["individual", 60, "85.00"],
      ],
    );

    const again = await agent.get(`/api/coaches/user/${user.id}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);

    const me = await agent.get("/api/auth/user");
    expect(me.body.coachId).toBe(res.body.id);
  });

  it("refuses a second profile for the same coach with 409", async () => {
    const { agent } = await makeCoach(t);
    const res = await agent.post("/api/coaches").send(DEFAULT_COACH_PROFILE);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("You already have a coach profile");
  });

  it.each([
    [{ title: "" }, "Title is required"],
    [{ title: undefined }, "Title is required"],
    [{ bio: "   " }, "Bio is required"],
    [{ zipcode: "" }, "Zipcode must be 5 digits"],
    [{ zipcode: "1234" }, "Zipcode must be 5 digits"],
    [{ zipcode: "99999" }, "Please enter a valid 5-digit zipcode."],
    [{ rates: [{ sessionType: "individual", duration: 60, rate: "0" }] }, "Rate must be a positive amount"],
    [{ rates: [{ sessionType: "individual", duration: 60, rate: -5 }] }, "Rate must be a positive amount"],
    [{ rates: [{ sessionType: "individual", duration: 60, rate: "abc" }] }, "Rate must be a positive amount"],
    [{ rates: [{ sessionType: "individual", duration: 45, rate: "50" }] }, "Duration must be 30 or 60 minutes"],
    [{ rates: [{ sessionType: "clinic", duration: 60, rate: "50" }] }, "Session type must be individual or group"],
    [
      {
        rates: [
          { sessionType: "group", duration: 60, rate: "40" },
          { sessionType: "group", duration: 60, rate: "45" },
        ],
      },
      "Only one rate per session type and duration",
    ],
    [{ profileImageUrl: "javascript:alert(1)" }, "Invalid profile image URL"],
  ])("answers 400 for %j with the message %s and creates nothing", async (change, message) => {
    const agent = await newCoachAgent();
    const res = await agent.post("/api/coaches").send({ ...DEFAULT_COACH_PROFILE, ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    const me = await agent.get("/api/auth/user");
    expect(me.body.coachId).toBeNull();
  });

  it("accepts the fallback ZIP 00000 of the minimal profile with no location and the app time zone", async () => {
    const agent = await newCoachAgent();
    const res = await agent
      .post("/api/coaches")
      .send({ title: "Lacrosse Coach", bio: "New coach", zipcode: "00000", specializations: ["Midfield"] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      zipcode: "00000",
      location: null,
      latitude: null,
      timeZone: "America/Chicago",
      rates: [],
      allowSessionRequests: true,
    });
  });

  it("is only for coaches", async () => {
    const { agent } = await makePlayer(t);
    const res = await agent.post("/api/coaches").send(DEFAULT_COACH_PROFILE);
    expect(res.status).toBe(403);
  });

  it("needs a session", async () => {
    const res = await t.agent().post("/api/coaches").send(DEFAULT_COACH_PROFILE);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Unauthorized");
  });
});

describe("reading a coach profile", () => {
  it("shows other signed-in users the profile without the coach's e-mail and phone", async () => {
    const { user, coach } = await makeCoach(t);
    const { agent: player } = await makePlayer(t);
    const res = await player.get(`/api/coaches/user/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(coach.id);
    expect(res.body.user).toEqual({ firstName: "Casey", lastName: "Coach", profileImageUrl: null });
  });

  it("shows admins the contact details", async () => {
    const { user } = await makeCoach(t);
    const { agent: admin } = await registerUser(t.agent(), { userType: "admin" }, t);
    const res = await admin.get(`/api/coaches/user/${user.id}`);
    expect(res.body.user.email).toBe(user.email);
    expect(res.body.user).toHaveProperty("phoneNumber");
  });

  it("answers 404 for a user without a coach profile", async () => {
    const { agent, user } = await registerUser(t.agent(), { userType: "coach" });
    const res = await agent.get(`/api/coaches/user/${user.id}`);
    expect(res.status).toBe(404);
  });

  it("needs a session", async () => {
    const { user } = await makeCoach(t);
    const res = await t.agent().get(`/api/coaches/user/${user.id}`);
    expect(res.status).toBe(401);
  });
});

describe("updating a coach profile", () => {
  it("changes only the fields sent and recomputes location and time zone from a new ZIP", async () => {
    const { agent, coach } = await makeCoach(t);
    const res = await agent.put(`/api/coaches/${coach.id}`).send({ zipcode: "80202", allowSessionRequests: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: coach.title,
      bio: coach.bio,
      zipcode: "80202",
      location: "Denver, CO",
      timeZone: "America/Denver",
      allowSessionRequests: false,
    });
    expect(res.body.rates).toEqual(coach.rates);
  });

  it("replaces the whole rate set when rates are sent", async () => {
    const { agent, coach } = await makeCoach(t);
    const res = await agent.put(`/api/coaches/${coach.id}`).send({ rates: [{ sessionType: "group", duration: 30, rate: "30" }] });
    expect(res.status).toBe(200);
    expect(res.body.rates).toHaveLength(1);
    expect(res.body.rates[0]).toMatchObject({ sessionType: "group", duration: 30, rate: "30.00" });
    const cleared = await agent.put(`/api/coaches/${coach.id}`).send({ rates: [] });
    expect(cleared.body.rates).toEqual([]);
  });

  it("refuses bad input with the first failing field's message and changes nothing", async () => {
    const { agent, coach, user } = await makeCoach(t);
    const res = await agent.put(`/api/coaches/${coach.id}`).send({ title: "", bio: "" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Title is required");
    const unknownZip = await agent.put(`/api/coaches/${coach.id}`).send({ zipcode: "99999" });
    expect(unknownZip.status).toBe(400);
    expect(unknownZip.body.message).toBe("Please enter a valid 5-digit zipcode.");
    const after = await agent.get(`/api/coaches/user/${user.id}`);
    expect(after.body).toEqual(coach);
  });

  it("refuses another coach with 403", async () => {
    const { coach } = await makeCoach(t);
    const { agent: other } = await makeCoach(t);
    const res = await other.put(`/api/coaches/${coach.id}`).send({ title: "Hijacked" });
    expect(res.status).toBe(403);
  });

  it("answers 404 for a profile that does not exist and 401 when signed out", async () => {
    const { agent, coach } = await makeCoach(t);
    expect((await agent.put("/api/coaches/999999").send({ title: "x" })).status).toBe(404);
    expect((await t.agent().put(`/api/coaches/${coach.id}`).send({ title: "x" })).status).toBe(401);
  });
});

describe("promotional graphic", () => {
  it("is a 1080x1080 PNG download for the coach", async () => {
    const { agent, coach } = await makeCoach(t, { firstName: "Avery", lastName: "Lane" });
    const res = await agent.get(`/api/coaches/${coach.id}/promo.png`).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="avery-lane-promo.png"');
    const meta = await sharp(res.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: "png", width: 1080, height: 1080 });
  });

  it("composites the coach's uploaded photo", async () => {
    const { agent, coach } = await makeCoach(t);
    const withoutPhoto = (await agent.get(`/api/coaches/${coach.id}/promo.png`).buffer(true)).body as Buffer;
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const upload = await agent.post("/api/upload/profile-image").attach("image", photo, "me.png");
    expect(upload.status).toBe(201);
    const res = await agent.get(`/api/coaches/${coach.id}/promo.png`).buffer(true);
    expect(res.status).toBe(200);
    // The centre of the photo circle is red once the photo is in (WebP re-encoding may shift a channel by a step).
    const isRed = async (png: Buffer) => {
      const [r, g, b] = await sharp(png).extract({ left: 540, top: 330, width: 1, height: 1 }).raw().toBuffer();
      return r !== undefined && g !== undefined && b !== undefined && r > 240 && g < 16 && b < 16;
    };
    expect(await isRed(res.body as Buffer)).toBe(true);
    expect(await isRed(withoutPhoto)).toBe(false);
  });

  it("is refused to anyone but the coach", async () => {
    const { coach } = await makeCoach(t);
    const { agent: other } = await makeCoach(t);
    expect((await other.get(`/api/coaches/${coach.id}/promo.png`)).status).toBe(403);
    expect((await t.agent().get(`/api/coaches/${coach.id}/promo.png`)).status).toBe(401);
  });
});
