import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * DESIGN.md 8: without SMTP/Twilio every message is one file under DATA_DIR/outbox/ named
 * `<timestamp>-<email|sms>-<recipient>.txt`, holding the headers and text body.
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
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const safeRecipient = recipient.replace(/[^A-Za-z0-9@._+-]/g, "_");
  const unique = Math.random().toString(36).slice(2, 6);
  const file = path.join(dir, `${stamp}-${channel}-${safeRecipient}-${unique}.txt`);
  const headerText = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
  await writeFile(file, `${headerText}\n\n${body}\n`, "utf8");
  return file;
}
