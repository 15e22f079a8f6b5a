import { inflateSync } from "node:zlib";
import type { UserType } from "@contract/accounts";
import { users } from "@server/db/schema/index";
import { startSession } from "@server/features/accounts/sessions.service";
import type { TestApp } from "./test-app";

let userCounter = 0;

/**
 * A signed-in user of the given type: the row inserted directly and a session started, so the
 * content tests depend on nothing but the sessions service. Returns the Cookie header to send.
 */
export async function signedInUser(t: TestApp, userType: UserType): Promise<{ id: number; cookie: string }> {
  userCounter += 1;
  const [row] = await t.deps.database.db
    .insert(users)
    .values({ email: `content-${userType}-${userCounter}-${Date.now()}@example.test`, firstName: "Test", lastName: userType, userType })
    .returning({ id: users.id });
  const { token } = await startSession(t.deps.database.db, row!.id, t.deps.clock.now());
  return { id: row!.id, cookie: `sid=${token}` };
}

/**
 * The text drawn on a PDF's pages: inflates each content stream and joins the strings of its
 * TJ/Tj operators (pdfkit writes them as hex WinAnsi strings split by kerning).
 */
export function extractPdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const texts: string[] = [];
  const streamPattern = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    if (end < 0) break;
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(bytes).toString("latin1");
    } catch {
      content = bytes.toString("latin1");
    }
    for (const op of content.matchAll(/\[(.*?)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      if (op[1] !== undefined) {
        for (const part of op[1].matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)/g)) {
          texts.push(part[1] !== undefined ? Buffer.from(part[1], "hex").toString("latin1") : part[2]!);
        }
      } else if (op[2] !== undefined) {
        texts.push(Buffer.from(op[2], "hex").toString("latin1"));
      } else if (op[3] !== undefined) {
        texts.push(op[3]);
      }
      texts.push("\n");
    }
    streamPattern.lastIndex = end + "endstream".length;
  }
  return texts.join("");
}
