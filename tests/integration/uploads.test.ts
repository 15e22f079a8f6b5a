import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makeCoach } from "@tests/factories/coaches";
import { makePlayer } from "@tests/factories/users";
import { useTestApp } from "@tests/support/test-app";

const t = useTestApp();

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#1e9556" } })
    .jpeg()
    .toBuffer();

describe("POST /api/upload (field photo)", () => {
  it("stores a re-encoded, resized image and serves it with long cache headers", async () => {
    const { agent } = await makePlayer(t);
    const res = await agent.post("/api/upload").attach("photo", await jpeg(1600, 1200), "big.jpg");
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);

    const served = await t.agent().get(res.body.url).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 800, height: 600 });
  });

  it("applies the EXIF orientation before resizing", async () => {
    const { agent } = await makePlayer(t);
    // 300x200 stored pixels with orientation 6 (rotate 90 degrees) is a portrait photo.
    const rotated = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#ffffff" } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const res = await agent.post("/api/upload").attach("photo", rotated, "phone.jpg");
    expect(res.status).toBe(201);
    const meta = await sharp((await t.agent().get(res.body.url).buffer(true)).body as Buffer).metadata();
    expect(meta).toMatchObject({ width: 200, height: 300 });
  });

  it("refuses an image larger than 5 MB", async () => {
    const { agent } = await makePlayer(t);
    const big = Buffer.concat([await jpeg(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await agent.post("/api/upload").attach("photo", big, "huge.jpg");
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("Image must be less than 5MB");
  });

  it("refuses a text file", async () => {
    const { agent } = await makePlayer(t);
    const res = await agent
      .post("/api/upload")
      .attach("photo", Buffer.from("hello, not an image"), { filename: "notes.txt", contentType: "text/plain" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please select an image file");
  });

  it("refuses a text file named .png and declared image/png (the bytes decide)", async () => {
    const { agent } = await makePlayer(t);
    const res = await agent
      .post("/api/upload")
      .attach("photo", Buffer.from("just text pretending"), { filename: "photo.png", contentType: "image/png" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please select an image file");
  });

  it("refuses an SVG (decodable, but not a photo)", async () => {
    const { agent } = await makePlayer(t);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const res = await agent.post("/api/upload").attach("photo", svg, { filename: "x.png", contentType: "image/png" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please select an image file");
  });

  it("accepts a real image whatever name and type it claims", async () => {
    const { agent } = await makePlayer(t);
    const png = await sharp({ create: { width: 50, height: 40, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    const res = await agent.post("/api/upload").attach("photo", png, { filename: "document.txt", contentType: "text/plain" });
    expect(res.status).toBe(201);
  });

  it("refuses a request without a file or with another field name", async () => {
    const { agent } = await makePlayer(t);
    const none = await agent.post("/api/upload").field("note", "x");
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("Please select an image file");
    const wrongField = await agent.post("/api/upload").attach("image", await jpeg(10, 10), "a.jpg");
    expect(wrongField.status).toBe(400);
  });

  it("needs a session", async () => {
    const res = await t
      .agent()
      .post("/api/upload")
      .attach("photo", await jpeg(10, 10), "a.jpg");
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Unauthorized");
  });

  it("answers 404 for an upload that does not exist", async () => {
    const res = await t.agent().get("/uploads/0123456789abcdef0123456789abcdef.webp");
    expect(res.status).toBe(404);
  });
});

describe("POST /api/upload/profile-image (field image)", () => {
  it("becomes the player's profile image", async () => {
    const { agent } = await makePlayer(t);
    const res = await agent.post("/api/upload/profile-image").attach("image", await jpeg(200, 200), "me.jpg");
    expect(res.status).toBe(201);
    const me = await agent.get("/api/auth/user");
    expect(me.body.profileImageUrl).toBe(res.body.url);
  });

  it("becomes the coach's user and coach profile image", async () => {
    const { agent, user } = await makeCoach(t);
    const res = await agent.post("/api/upload/profile-image").attach("image", await jpeg(200, 200), "me.jpg");
    expect(res.status).toBe(201);
    const profile = await agent.get(`/api/coaches/user/${user.id}`);
    expect(profile.body.profileImageUrl).toBe(res.body.url);
    expect(profile.body.user.profileImageUrl).toBe(res.body.url);
  });

  it("refuses a non-image and changes nothing", async () => {
    const { agent } = await makePlayer(t);
    const res = await agent
      .post("/api/upload/profile-image")
      .attach("image", Buffer.from("GIF89a but not really"), { filename: "a.gif", contentType: "image/gif" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please select an image file");
    expect((await agent.get("/api/auth/user")).body.profileImageUrl).toBeNull();
  });

  it("needs a session", async () => {
    const res = await t
      .agent()
      .post("/api/upload/profile-image")
      .attach("image", await jpeg(10, 10), "a.jpg");
    expect(res.status).toBe(401);
  });
});
