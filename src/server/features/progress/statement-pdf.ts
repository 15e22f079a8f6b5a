import PDFDocument from "pdfkit";
import { BRAND_COLOR, collectPdf } from "../../adapters/pdf";
import type { CoachStatement, EarningsPeriod } from "@contract/progress";

const TEXT_COLOR = "#1f2933";
const MUTED_COLOR = "#52606d";
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const COLUMNS = [
  { title: "Month", width: 88 },
  { title: "Sessions", width: 52 },
  { title: "Gross", width: 72 },
  { title: "Platform fees", width: 78 },
  { title: "Tips", width: 62 },
  { title: "Paid out", width: 76 },
  { title: "Pending", width: 72 },
] as const;

const money = (amount: string) => `$${amount}`;

function cells(label: string, p: Omit<EarningsPeriod, "start">): string[] {
  return [label, String(p.sessions), money(p.gross), money(p.platformFees), money(p.tips), money(p.paidOut), money(p.pending)];
}

/**
 * The coach's yearly statement for taxes (DESIGN.md 11), drawn from the same figures as
 * GET /api/coach/statements/{year} and the earnings CSV. Streams are left uncompressed, so the
 * figures can be read back out of the file (the tests do).
 */
export function renderStatementPdf(statement: CoachStatement, options: { createdAt: Date }): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: "LETTER",
    compress: false,
    margins: { top: 56, bottom: 56, left: 36, right: 36 },
    info: {
      Title: `Earnings statement ${statement.year}`,
      Author: "LaxCoach",
      Subject: `${statement.coach.name}: earnings statement ${statement.year}`,
      CreationDate: options.createdAt,
    },
  });
  const done = collectPdf(pdf);

  pdf.font("Helvetica-Bold").fontSize(20).fillColor(BRAND_COLOR).text(`Earnings statement ${statement.year}`);
  pdf.moveDown(0.3);
  pdf.font("Helvetica").fontSize(11).fillColor(TEXT_COLOR).text(`Coach: ${statement.coach.name}`);
  pdf
    .fontSize(9)
    .fillColor(MUTED_COLOR)
    .text(
      `Sessions paid for and kept (completed, confirmed or no-show), by the month they took place (${statement.coach.timeZone}). Gross is the sum of your rates; the platform fee was paid by the families on top; tips are yours in full.`,
    );
  pdf.moveDown(1);

  const { totals } = statement;
  pdf.font("Helvetica-Bold").fontSize(12).fillColor(BRAND_COLOR).text("Summary");
  pdf.font("Helvetica").fontSize(10).fillColor(TEXT_COLOR);
  for (const line of [
    `Sessions: ${totals.sessions}`,
    `Gross: ${money(totals.gross)}`,
    `Platform fees: ${money(totals.platformFees)}`,
    `Tips: ${money(totals.tips)}`,
    `Payouts: ${money(totals.paidOut)}`,
    `Pending: ${money(totals.pending)}`,
  ]) {
    pdf.text(line);
  }
  pdf.moveDown(1);

  pdf.font("Helvetica-Bold").fontSize(12).fillColor(BRAND_COLOR).text("By month");
  pdf.moveDown(0.3);
  row(
    pdf,
    COLUMNS.map((c) => c.title),
    true,
  );
  statement.months.forEach((m, i) => row(pdf, cells(MONTHS[i] ?? m.start, m), false));
  row(pdf, cells("Total", totals), true);

  pdf.moveDown(1);
  pdf.x = pdf.page.margins.left;
  pdf.font("Helvetica-Bold").fontSize(12).fillColor(BRAND_COLOR).text(`Payouts (${statement.payouts.length})`);
  pdf.font("Helvetica").fontSize(9).fillColor(TEXT_COLOR);
  if (statement.payouts.length === 0) pdf.text("No payouts for this year's sessions.");
  for (const p of statement.payouts) {
    pdf.text(`Session ${p.sessionDate} (booking ${p.bookingId}): ${money(p.amount)}, transfer ${p.transferId}`);
  }
  pdf.end();
  return done;
}

function row(pdf: PDFKit.PDFDocument, values: string[], bold: boolean): void {
  if (pdf.y > pdf.page.height - pdf.page.margins.bottom - 20) pdf.addPage();
  const y = pdf.y;
  let x = pdf.page.margins.left;
  pdf
    .font(bold ? "Helvetica-Bold" : "Helvetica")
    .fontSize(9)
    .fillColor(TEXT_COLOR);
  values.forEach((value, i) => {
    const width = COLUMNS[i]?.width ?? 60;
    pdf.text(value, x, y, { width, lineBreak: false });
    x += width;
  });
  pdf.x = pdf.page.margins.left;
  pdf.y = y + 14;
}
