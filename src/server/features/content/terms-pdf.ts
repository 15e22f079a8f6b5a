import PDFDocument from "pdfkit";
import { BRAND_COLOR, collectPdf } from "../../adapters/pdf";
import { formatLegalDate, LEGAL_PRODUCT_NAME, type LegalDocument } from "@contract/legal";

const TEXT_COLOR = "#1f2933";
const MUTED_COLOR = "#52606d";

/** Renders a legal document (the same data the client pages show) as a Letter-size PDF. */
export function renderLegalPdf(doc: LegalDocument, options: { createdAt: Date }): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: "LETTER",
    margins: { top: 72, bottom: 72, left: 72, right: 72 },
    // Buffered so the page numbers ("Page 2 of 4") can be written once the total is known.
    bufferPages: true,
    info: {
      Title: `${LEGAL_PRODUCT_NAME} ${doc.title}`,
      Author: LEGAL_PRODUCT_NAME,
      Subject: doc.title,
      CreationDate: options.createdAt,
    },
  });

  const done = collectPdf(pdf);

  pdf.font("Helvetica-Bold").fontSize(22).fillColor(BRAND_COLOR).text(`${LEGAL_PRODUCT_NAME} ${doc.title}`);
  pdf.moveDown(0.3);
  pdf
    .font("Helvetica")
    .fontSize(10)
    .fillColor(MUTED_COLOR)
    .text(`Last updated: ${formatLegalDate(doc.lastUpdated)}`);
  pdf.moveDown(1);
  pdf.font("Helvetica").fontSize(11).fillColor(TEXT_COLOR).text(doc.intro, { align: "left", lineGap: 2 });

  for (const section of doc.sections) {
    pdf.moveDown(1);
    // Keep a heading with at least the first lines of its paragraph.
    if (pdf.y > pdf.page.height - pdf.page.margins.bottom - 60) pdf.addPage();
    pdf.font("Helvetica-Bold").fontSize(13).fillColor(BRAND_COLOR).text(section.heading);
    pdf.moveDown(0.4);
    for (const paragraph of section.paragraphs) {
      pdf.font("Helvetica").fontSize(11).fillColor(TEXT_COLOR).text(paragraph, { lineGap: 2 });
      pdf.moveDown(0.5);
    }
  }

  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const bottomMargin = pdf.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    pdf.page.margins.bottom = 0;
    pdf
      .font("Helvetica")
      .fontSize(9)
      .fillColor(MUTED_COLOR)
      .text(
        `${LEGAL_PRODUCT_NAME} ${doc.title} - Page ${i - range.start + 1} of ${range.count}`,
        pdf.page.margins.left,
        pdf.page.height - 48,
        {
          width: pdf.page.width - pdf.page.margins.left - pdf.page.margins.right,
          align: "center",
          lineBreak: false,
        },
      );
    pdf.page.margins.bottom = bottomMargin;
  }

  pdf.end();
  return done;
}
