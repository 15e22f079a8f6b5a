import PDFDocument from "pdfkit";
import { BRAND_COLOR, collectPdf } from "../../adapters/pdf";
import { EarningsWords, type CoachStatement, type EarningsPeriod } from "@contract/earnings";

const TEXT_COLOR = "#1f2933";
const MUTED_COLOR = "#52606d";
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const COLUMNS = [
  { title: "Month", width: 76 },
  { title: "Sessions", width: 46 },
  { title: EarningsWords.earned, width: 66 },
  { title: "Platform fees", width: 70 },
  { title: "Tips", width: 56 },
  { title: EarningsWords.paidOut, width: 66 },
  { title: EarningsWords.toBePaid, width: 66 },
  { title: EarningsWords.upcoming, width: 66 },
] as const;

const money = (amount: string) => `$${amount}`;

function cells(label: string, p: Omit<EarningsPeriod, "start">): string[] {
  return [
    label,
    String(p.sessions),
    money(p.gross),
    money(p.platformFees),
    money(p.tips),
    money(p.paidOut),
    money(p.pending),
    money(p.upcoming),
  ];
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
      `Paid sessions by the month they take place (${statement.coach.timeZone}). Earned: sessions taught or no-show, at your rates (the platform fee was paid by the families on top; tips are yours in full). Paid out: sent to you. To be paid: earned and not paid out yet. Upcoming: paid sessions not yet taught. Holds and unpaid or refunded sessions count in none of them.`,
    );
  pdf.moveDown(1);

  const { totals } = statement;
  pdf.font("Helvetica-Bold").fontSize(12).fillColor(BRAND_COLOR).text("Summary");
  pdf.font("Helvetica").fontSize(10).fillColor(TEXT_COLOR);
  for (const line of [
    `Sessions taught: ${totals.sessions}`,
    `${EarningsWords.earned}: ${money(totals.gross)}`,
    `Platform fees: ${money(totals.platformFees)}`,
    `Tips: ${money(totals.tips)}`,
    `${EarningsWords.paidOut}: ${money(totals.paidOut)}`,
    `${EarningsWords.toBePaid}: ${money(totals.pending)}`,
    `${EarningsWords.upcoming}: ${money(totals.upcoming)} (${totals.upcomingSessions} sessions)`,
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
