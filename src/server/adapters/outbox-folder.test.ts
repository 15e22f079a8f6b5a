import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeOutboxFile } from "./outbox-folder";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("outbox", () => {
  it("names each file <timestamp>-<channel>-<recipient>.txt and keeps every message sent at once", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "outbox-"));
    dirs.push(dataDir);
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => writeOutboxFile(dataDir, "sms", "+14105551234", { To: "+14105551234" }, `message ${i}`)),
    );
    await writeOutboxFile(dataDir, "email", "pat@example.com", { To: "pat@example.com", Subject: "Hi" }, "Hello");
    const files = readdirSync(path.join(dataDir, "outbox")).sort();
    expect(files).toHaveLength(6);
    for (const file of files)
      expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-(email|sms)-(\+14105551234|pat@example\.com)\.txt$/);
    const bodies = files.map((f) => readFileSync(path.join(dataDir, "outbox", f), "utf8"));
    expect(bodies.filter((b) => b.includes("message")).sort()).toHaveLength(5);
    expect(bodies.find((b) => b.includes("Subject: Hi"))).toContain("\n\nHello\n");
  });

  it("writes the next message after someone removed the outbox folder", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "outbox-"));
    dirs.push(dataDir);
    await writeOutboxFile(dataDir, "sms", "+14105551234", { To: "+14105551234" }, "first");
    rmSync(path.join(dataDir, "outbox"), { recursive: true });
    await writeOutboxFile(dataDir, "sms", "+14105551234", { To: "+14105551234" }, "second");
    const files = readdirSync(path.join(dataDir, "outbox"));
    expect(files.map((f) => readFileSync(path.join(dataDir, "outbox", f), "utf8"))).toEqual([expect.stringContaining("second")]);
  });
});
