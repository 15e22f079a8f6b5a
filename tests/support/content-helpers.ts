import { inflateSync } from "node:zlib";

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
