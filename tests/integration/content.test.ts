import { describe, expect, it } from "vitest";
import { termsOfService } from "@contract/legal";
import { contactMessages, contentBlocks, testimonials } from "@server/db/schema/index";
import { extractPdfText } from "@tests/support/content-helpers";
import { useTestApp } from "@tests/support/test-app";

const SUPPORT = "help@laxcoach.test";
const t = useTestApp({ SUPPORT_EMAIL: SUPPORT });

const validContact = {
  name: "Jamie Parent",
  email: "jamie.parent@example.com",
  phone: "801-555-0199",
  question: "Do your coaches offer sessions for 10 year old goalies?",
};

async function storedContactMessages() {
  return t.deps.database.db.select().from(contactMessages);
}

describe("POST /api/contact", () => {
  it("stores the message, e-mails it to the support address with the sender as reply-to, and thanks the visitor", async () => {
    const before = t.outbox().length;
    const res = await t.agent().post("/api/contact").send(validContact);

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: "Thank you for contacting us. We'll get back to you soon." });

    const stored = await storedContactMessages();
    expect(stored.at(-1)).toMatchObject(validContact);

    const mails = t.outbox().slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.channel).toBe("email");
    expect(mails[0]!.recipient).toBe(SUPPORT);
    expect(mails[0]!.headers["Reply-To"]).toBe(validContact.email);
    expect(mails[0]!.headers.Subject).toContain("Jamie Parent");
    expect(mails[0]!.body).toContain(validContact.question);
    expect(mails[0]!.body).toContain(validContact.phone);
  });

  it("keeps the message and still answers success when the support e-mail cannot be sent", async () => {
    const realMailer = t.deps.mailer;
    t.deps.mailer = {
      send: async () => {
        throw new Error("SMTP down");
      },
    };
    try {
      const question = "Is there a family discount when two siblings train together?";
      const res = await t
        .agent()
        .post("/api/contact")
        .send({ ...validContact, question });
      expect(res.status).toBe(201);
      expect(res.body.success).toBe(true);
      expect((await storedContactMessages()).some((m) => m.question === question)).toBe(true);
    } finally {
      t.deps.mailer = realMailer;
    }
  });

  it("keeps a line break in the name out of the e-mail headers", async () => {
    const before = t.outbox().length;
    const res = await t
      .agent()
      .post("/api/contact")
      .send({ ...validContact, name: "Eve\nBcc: victim@example.com" });
    expect(res.status).toBe(201);
    const mail = t.outbox().slice(before)[0]!;
    expect(mail.headers.Bcc).toBeUndefined();
    expect(mail.headers.Subject).toBe("Contact form: Eve Bcc: victim@example.com");
  });

  it.each([
    ["name", { name: "J" }, "Name must be at least 2 characters"],
    ["name", { name: undefined }, "Name must be at least 2 characters"],
    ["email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["email", { email: undefined }, "Please enter a valid email address"],
    ["phone", { phone: "555-0199" }, "Please enter a valid phone number"],
    ["phone", { phone: undefined }, "Please enter a valid phone number"],
    ["question", { question: "Help?" }, "Please provide more details about your question"],
    ["question", { question: undefined }, "Please provide more details about your question"],
  ])("refuses a bad %s with %j: %s, storing and sending nothing", async (field, change, message) => {
    const storedBefore = (await storedContactMessages()).length;
    const outboxBefore = t.outbox().length;

    const res = await t
      .agent()
      .post("/api/contact")
      .send({ ...validContact, ...change });

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, field });
    expect(await storedContactMessages()).toHaveLength(storedBefore);
    expect(t.outbox()).toHaveLength(outboxBefore);
  });

  it("counts trimmed characters, so a name of spaces around one letter is too short", async () => {
    const res = await t
      .agent()
      .post("/api/contact")
      .send({ ...validContact, name: "   J   " });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Name must be at least 2 characters");
  });
});

describe("public marketing content", () => {
  it("lists testimonials by order, then by creation, with every field", async () => {
    const db = t.deps.database.db;
    await db.delete(testimonials);
    await db.insert(testimonials).values([
      { name: "Third", content: "Great drills.", order: 2 },
      { name: "First", role: "Parent", content: "My son loves it.", rating: 4, imageUrl: "/uploads/a.png", order: 0 },
      { name: "Second", content: "Huge improvement.", order: 1 },
      { name: "Also first, added later", content: "Would book again.", order: 0 },
    ]);

    const res = await t.agent().get("/api/testimonials");

    expect(res.status).toBe(200);
    expect(res.body.map((r: { name: string }) => r.name)).toEqual(["First", "Also first, added later", "Second", "Third"]);
    expect(res.body[0]).toEqual({
      id: expect.any(Number),
      name: "First",
      role: "Parent",
      content: "My son loves it.",
      rating: 4,
      imageUrl: "/uploads/a.png",
      order: 0,
    });
    expect(res.body[1]).toMatchObject({ role: null, imageUrl: null, rating: 5 });
  });

  it("answers an empty list when there are no testimonials", async () => {
    await t.deps.database.db.delete(testimonials);
    const res = await t.agent().get("/api/testimonials");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("lists content blocks by order to anyone, signed in or not", async () => {
    const db = t.deps.database.db;
    await db.delete(contentBlocks);
    await db.insert(contentBlocks).values([
      { key: "how-it-works", title: "How it works", content: "Three steps.", order: 5 },
      { key: "hero", title: "Train with the best", order: 1 },
    ]);

    const res = await t.agent().get("/api/content-blocks");

    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: expect.any(Number), key: "hero", title: "Train with the best", content: null, imageUrl: null, order: 1 },
      { id: expect.any(Number), key: "how-it-works", title: "How it works", content: "Three steps.", imageUrl: null, order: 5 },
    ]);
  });
});

describe("GET /api/generate-pdf/terms-of-service", () => {
  it("downloads a real PDF of the terms with their headings and the spec's facts", async () => {
    const res = await t
      .agent()
      .get("/api/generate-pdf/terms-of-service")
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => callback(null, Buffer.concat(chunks)));
      });

    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="terms-of-service.pdf"');
    const pdf = res.body as Buffer;
    expect(pdf.length).toBeGreaterThan(1024);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-8).toString("latin1")).toContain("%%EOF");

    const text = extractPdfText(pdf);
    expect(text).toContain("Terms of Service");
    expect(text).toContain("Last updated:");
    for (const section of termsOfService.sections) expect(text).toContain(section.heading);
    // Text is wrapped over lines in the PDF, so look for the facts in short phrases.
    expect(text).toMatch(/at least 13/);
    expect(text).toMatch(/at least 18/);
    expect(text).toMatch(/24 hours/);
    expect(text).toMatch(/Utah/);
    expect(text).toMatch(/Page 1 of \d/);
  });
});
