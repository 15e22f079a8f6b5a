import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * DESIGN.md 8: without SMTP/Twilio every message is one file under DATA_DIR/outbox/ named exactly
 * `<timestamp>-<email|sms>-<recipient>.txt`, holding the headers and text body. Two messages to the
 * same recipient in the same millisecond get the next free millisecond, so none overwrites another.
 * The folder a message is delivered to in development; the table every message is first written to
 * and delivered from is the outbox of message-outbox.ts.
 */
export async function writeOutboxFile(
  dataDir: string,
  channel: "email" | "sms",
  recipient: string,
  headers: Record<string, string>,
  body: string,
): Promise<string> {
  const dir = path.join(dataDir, "outbox");
  await mkdir(dir, { recursive: true });
  const safeRecipient = recipient.replace(/[^A-Za-z0-9@._+-]/g, "_");
  const headerText = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
  const content = `${headerText}\n\n${body}\n`;
  let at = Date.now();
  for (;;) {
    const stamp = new Date(at).toISOString().replace(/[:.]/g, "-");
    const file = path.join(dir, `${stamp}-${channel}-${safeRecipient}.txt`);
    try {
      await writeFile(file, content, { encoding: "utf8", flag: "wx" });
      return file;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      at += 1;
    }
  }
}
