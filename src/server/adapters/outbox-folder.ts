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
  await folderMade(dir);
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
      const code = (err as NodeJS.ErrnoException).code;
      // The folder was removed meanwhile (someone emptied the outbox): made again, and the write tried again.
      if (code === "ENOENT" && madeFolders.has(dir)) {
        madeFolders.delete(dir);
        await folderMade(dir);
        continue;
      }
      if (code !== "EEXIST") throw err;
      at += 1;
    }
  }
}

/** Folders made by this process: one file-system call fewer for each message after the first (a failed make is tried again). */
const madeFolders = new Map<string, Promise<unknown>>();

function folderMade(dir: string): Promise<unknown> {
  let made = madeFolders.get(dir);
  if (!made) {
    made = mkdir(dir, { recursive: true }).catch((err: unknown) => {
      madeFolders.delete(dir);
      throw err;
    });
    madeFolders.set(dir, made);
  }
  return made;
}
