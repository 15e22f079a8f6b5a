/** The brand's green, the headings' colour in every PDF the app makes (terms, statements). */
export const BRAND_COLOR = "#0b5d3b";

/**
 * The PDF's bytes once it has ended. Listen before the first page is written: pdfkit streams as it
 * goes, so a listener added later misses the start.
 */
export function collectPdf(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
}
