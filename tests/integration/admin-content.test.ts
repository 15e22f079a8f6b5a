import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contentBlocks, testimonials } from "@server/db/schema/index";
import { createPerson } from "@tests/factories/bookings";
import { startTestApp, type TestApp } from "@tests/support/test-app";

let t: TestApp;
let admin: string;
let player: string;
let coach: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await createPerson(t, "admin")).cookie;
  player = (await createPerson(t, "player")).cookie;
  coach = (await createPerson(t, "coach")).cookie;
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.deps.database.db.delete(contentBlocks);
  await t.deps.database.db.delete(testimonials);
});

const asAdmin = {
  post: (url: string, body: object) => t.agent().post(url).set("Cookie", admin).send(body),
  put: (url: string, body: object) => t.agent().put(url).set("Cookie", admin).send(body),
  delete: (url: string) => t.agent().delete(url).set("Cookie", admin),
};

const publicBlocks = async () => (await t.agent().get("/api/content-blocks")).body as Array<Record<string, unknown>>;
const publicTestimonials = async () => (await t.agent().get("/api/testimonials")).body as Array<Record<string, unknown>>;

describe("admin content blocks", () => {
  it("creates a block with defaults for the optional fields and shows it publicly", async () => {
    const res = await asAdmin.post("/api/admin/content-blocks", { key: "hero" });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), key: "hero", title: null, content: null, imageUrl: null, order: 0 });
    expect(await publicBlocks()).toEqual([res.body]);
  });

  it("creates a block with every field, trimming the key", async () => {
    const res = await asAdmin.post("/api/admin/content-blocks", {
      key: "  how-it-works ",
      title: "How it works",
      content: "Browse, book, train.",
      imageUrl: "https://cdn.example.com/steps.png",
      order: 3,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      key: "how-it-works",
      title: "How it works",
      content: "Browse, book, train.",
      imageUrl: "https://cdn.example.com/steps.png",
      order: 3,
    });
  });

  it.each([
    [{}, "Key is required"],
    [{ key: "" }, "Key is required"],
    [{ key: "   " }, "Key is required"],
    [{ key: null }, "Key is required"],
  ])("refuses a block without a key (%j): %s", async (body, message) => {
    const res = await asAdmin.post("/api/admin/content-blocks", { title: "No key", ...body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, field: "key" });
    expect(await publicBlocks()).toEqual([]);
  });

  it("refuses an order that is not a whole number", async () => {
    const res = await asAdmin.post("/api/admin/content-blocks", { key: "hero", order: 1.5 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: "Order must be a whole number", field: "order" });
  });

  it("refuses an image address that is not a web or site path", async () => {
    const res = await asAdmin.post("/api/admin/content-blocks", { key: "hero", imageUrl: "javascript:alert(1)" });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("imageUrl");
    expect(await publicBlocks()).toEqual([]);
  });

  it("refuses a second block with the same key with 409", async () => {
    await asAdmin.post("/api/admin/content-blocks", { key: "hero", title: "First" });
    const res = await asAdmin.post("/api/admin/content-blocks", { key: "hero", title: "Second" });

    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: "A content block with this key already exists", field: "key" });
    expect((await publicBlocks()).map((b) => b.title)).toEqual(["First"]);
  });

  it("updates only the fields sent and keeps the others", async () => {
    const created = (await asAdmin.post("/api/admin/content-blocks", { key: "hero", title: "Old", content: "Body", order: 2 })).body;

    const res = await asAdmin.put(`/api/admin/content-blocks/${created.id}`, { title: "New" });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, title: "New" });
    expect(await publicBlocks()).toEqual([res.body]);
  });

  it("clears an optional field sent as blank", async () => {
    const created = (await asAdmin.post("/api/admin/content-blocks", { key: "hero", title: "Old" })).body;
    const res = await asAdmin.put(`/api/admin/content-blocks/${created.id}`, { title: "" });
    expect(res.status).toBe(200);
    expect(res.body.title).toBeNull();
  });

  it("refuses renaming a block to a key another block has, changing nothing", async () => {
    await asAdmin.post("/api/admin/content-blocks", { key: "hero" });
    const other = (await asAdmin.post("/api/admin/content-blocks", { key: "footer", title: "Keep me", order: 1 })).body;

    const res = await asAdmin.put(`/api/admin/content-blocks/${other.id}`, { key: "hero", title: "Changed" });

    expect(res.status).toBe(409);
    expect(res.body.message).toBe("A content block with this key already exists");
    expect((await publicBlocks()).find((b) => b.id === other.id)).toEqual(other);
  });

  it("refuses a blank key on update", async () => {
    const created = (await asAdmin.post("/api/admin/content-blocks", { key: "hero" })).body;
    const res = await asAdmin.put(`/api/admin/content-blocks/${created.id}`, { key: " " });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Key is required");
  });

  it("answers 404 when updating or deleting a block that does not exist", async () => {
    const put = await asAdmin.put("/api/admin/content-blocks/999999", { title: "x" });
    expect(put.status).toBe(404);
    expect(put.body.message).toBe("Content block not found");
    const del = await asAdmin.delete("/api/admin/content-blocks/999999");
    expect(del.status).toBe(404);
    const bad = await asAdmin.delete("/api/admin/content-blocks/not-a-number");
    expect(bad.status).toBe(404);
  });

  it("deletes a block, after which its key can be used again", async () => {
    const created = (await asAdmin.post("/api/admin/content-blocks", { key: "hero" })).body;

    const res = await asAdmin.delete(`/api/admin/content-blocks/${created.id}`);

    expect(res.status).toBe(204);
    expect(await publicBlocks()).toEqual([]);
    expect((await asAdmin.post("/api/admin/content-blocks", { key: "hero" })).status).toBe(201);
  });
});

describe("admin testimonials", () => {
  it("creates a testimonial with rating 5 and order 0 by default", async () => {
    const res = await asAdmin.post("/api/admin/testimonials", { name: "Sam Player", content: "Best coach ever." });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: "Sam Player",
      role: null,
      content: "Best coach ever.",
      rating: 5,
      imageUrl: null,
      order: 0,
    });
    expect(await publicTestimonials()).toEqual([res.body]);
  });

  it("creates a testimonial with every field", async () => {
    const body = {
      name: "Pat Parent",
      role: "Parent of a U12 goalie",
      content: "Patient and clear.",
      rating: 4,
      imageUrl: "/uploads/pat.png",
      order: 2,
    };
    const res = await asAdmin.post("/api/admin/testimonials", body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), ...body });
  });

  it.each([
    [{ content: "Great." }, "Name is required", "name"],
    [{ name: "  ", content: "Great." }, "Name is required", "name"],
    [{ name: "Sam" }, "Content is required", "content"],
    [{ name: "Sam", content: "" }, "Content is required", "content"],
    [{ name: "Sam", content: "Great.", rating: 0 }, "Rating must be between 1 and 5", "rating"],
    [{ name: "Sam", content: "Great.", rating: 6 }, "Rating must be between 1 and 5", "rating"],
    [{ name: "Sam", content: "Great.", rating: 4.5 }, "Rating must be between 1 and 5", "rating"],
    [{ name: "Sam", content: "Great.", rating: "five" }, "Rating must be between 1 and 5", "rating"],
  ])("refuses %j with %s", async (body, message, field) => {
    const res = await asAdmin.post("/api/admin/testimonials", body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, field });
    expect(await publicTestimonials()).toEqual([]);
  });

  it("accepts ratings 1 and 5, the ends of the range", async () => {
    expect((await asAdmin.post("/api/admin/testimonials", { name: "A", content: "ok", rating: 1 })).body.rating).toBe(1);
    expect((await asAdmin.post("/api/admin/testimonials", { name: "B", content: "ok", rating: 5 })).body.rating).toBe(5);
  });

  it("updates only the fields sent, and the landing list follows the new order", async () => {
    const first = (await asAdmin.post("/api/admin/testimonials", { name: "First", content: "One", order: 1 })).body;
    const second = (await asAdmin.post("/api/admin/testimonials", { name: "Second", content: "Two", order: 2 })).body;

    const res = await asAdmin.put(`/api/admin/testimonials/${second.id}`, { order: 0, rating: 3 });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...second, order: 0, rating: 3 });
    expect((await publicTestimonials()).map((r) => r.name)).toEqual(["Second", "First"]);
    expect((await publicTestimonials())[1]).toEqual(first);
  });

  it.each([
    [{ rating: 9 }, "Rating must be between 1 and 5"],
    [{ name: "" }, "Name is required"],
    [{ content: null }, "Content is required"],
  ])("refuses the update %j with %s and changes nothing", async (body, message) => {
    const created = (await asAdmin.post("/api/admin/testimonials", { name: "Sam", content: "Great." })).body;
    const res = await asAdmin.put(`/api/admin/testimonials/${created.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await publicTestimonials()).toEqual([created]);
  });

  it("answers 404 when updating or deleting a testimonial that does not exist", async () => {
    const put = await asAdmin.put("/api/admin/testimonials/999999", { name: "x" });
    expect(put.status).toBe(404);
    expect(put.body.message).toBe("Testimonial not found");
    expect((await asAdmin.delete("/api/admin/testimonials/999999")).status).toBe(404);
  });

  it("deletes a testimonial so the landing page no longer lists it", async () => {
    const keep = (await asAdmin.post("/api/admin/testimonials", { name: "Keep", content: "Stays." })).body;
    const drop = (await asAdmin.post("/api/admin/testimonials", { name: "Drop", content: "Goes." })).body;

    const res = await asAdmin.delete(`/api/admin/testimonials/${drop.id}`);

    expect(res.status).toBe(204);
    expect(await publicTestimonials()).toEqual([keep]);
  });
});

describe("who may change marketing content", () => {
  const calls = [
    ["POST", "/api/admin/content-blocks", { key: "hero" }],
    ["PUT", "/api/admin/content-blocks/ID", { title: "Hacked" }],
    ["DELETE", "/api/admin/content-blocks/ID", undefined],
    ["POST", "/api/admin/testimonials", { name: "Fake", content: "Fake review" }],
    ["PUT", "/api/admin/testimonials/ID", { content: "Hacked" }],
    ["DELETE", "/api/admin/testimonials/ID", undefined],
  ] as const;

  async function existingIds() {
    const block = (await asAdmin.post("/api/admin/content-blocks", { key: "existing", title: "Original" })).body;
    const testimonial = (await asAdmin.post("/api/admin/testimonials", { name: "Real", content: "Original" })).body;
    return { block, testimonial };
  }

  function send(method: string, url: string, body: object | undefined, cookie?: string) {
    const agent = t.agent();
    const req = method === "POST" ? agent.post(url) : method === "PUT" ? agent.put(url) : agent.delete(url);
    if (cookie) req.set("Cookie", cookie);
    return body ? req.send(body) : req;
  }

  it.each(calls)("%s %s answers 401 when signed out and changes nothing", async (method, path, body) => {
    const { block, testimonial } = await existingIds();
    const url = path.replace("ID", String(path.includes("content-blocks") ? block.id : testimonial.id));

    const res = await send(method, url, body);

    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: "Unauthorized" });
    expect(await publicBlocks()).toEqual([block]);
    expect(await publicTestimonials()).toEqual([testimonial]);
  });

  it.each(
    calls.flatMap(([method, path, body]) => [
      ["player", method, path, body],
      ["coach", method, path, body],
    ]),
  )("a %s gets 403 for %s %s and changes nothing", async (role, method, path, body) => {
    const { block, testimonial } = await existingIds();
    const url = path.replace("ID", String(path.includes("content-blocks") ? block.id : testimonial.id));

    const res = await send(method, url, body ?? undefined, role === "player" ? player : coach);

    expect(res.status).toBe(403);
    expect(typeof res.body.message).toBe("string");
    expect(await publicBlocks()).toEqual([block]);
    expect(await publicTestimonials()).toEqual([testimonial]);
  });
});
