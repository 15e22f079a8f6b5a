import request from "supertest";
import type { TestApp } from "./test-app";

/** The text a PDF shows, read from its uncompressed content streams (each TJ/Tj operand's hex strings). */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const lines: string[] = [];
  for (const match of source.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g)) {
    const hexes = match[1] !== undefined ? [...match[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? "") : [match[2] ?? ""];
    lines.push(hexes.map((h) => Buffer.from(h, "hex").toString("latin1")).join(""));
  }
  return lines.join("\n");
}

/** GETs a PDF as its bytes. */
export function getPdf(t: TestApp, path: string, cookie: string) {
  return request(t.app)
    .get(path)
    .set("Cookie", cookie)
    .buffer(true)
    .parse((response, callback) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => callback(null, Buffer.concat(chunks)));
    });
}
