import type { RateResponse } from "@contract/coach-basics";
import type { Credit } from "@contract/packages";
import { Button } from "@client/components/ui/button";

type PayWith = "card" | "credit";

/** The family's active credits that pay for a session of this kind and length (DESIGN.md 11). */
function creditsFor(credits: readonly Credit[], rate: RateResponse): Credit[] {
  return credits.filter(
    (c) => c.state === "active" && c.remaining > 0 && c.sessionType === rate.sessionType && c.duration === rate.duration,
  );
}

/**
 * The summary's buttons: with a credit of this coach, kind and duration first when the family holds
 * one, else pay by card. A weekly
 * series (`openWeeks`: how many of its weeks are open, `null` until known) takes a credit a week.
 */
export function BookingButtons({
  rate,
  credits,
  seatCount,
  openWeeks,
  onBook,
  onBookWeekly,
  isBookingOne,
  isBooking,
  isBookingWeekly,
  bookLabel = "Book & Pay",
  mustChooseAthlete = false,
  missingTime,
}: {
  rate: RateResponse | null;
  credits: readonly Credit[];
  seatCount: number;
  /** Absent for one session; for a weekly series, its open weeks once known. */
  openWeeks?: number | null;
  onBook: (payWith: PayWith) => void;
  onBookWeekly: (payWith: PayWith) => void;
  isBookingOne: boolean;
  isBooking: boolean;
  isBookingWeekly: boolean;
  /** The first button's words: whose session it is ("Book Riley's session", DESIGN.md 12), else "Book & Pay". */
  bookLabel?: string;
  /** A family of two or more that has not chosen the athlete yet (DESIGN.md 12): nothing can be booked. */
  mustChooseAthlete?: boolean;
  /**
   * What is still to choose before one session can be booked ("Choose a start time to book."), or
   * null once its time is chosen: until then its buttons stay disabled and say why (issue 47). A
   * weekly series starts at the slot's start, so it has no time to choose.
   */
  missingTime: string | null;
}) {
  const usable = rate ? creditsFor(credits, rate) : [];
  const creditsLeft = usable.reduce((sum, c) => sum + c.remaining, 0);
  if (openWeeks !== undefined) {
    // A weekly series is credit-first like one session (DESIGN.md 12): a credit a week when they cover every open week.
    const coversWeeks = openWeeks !== null && openWeeks > 0 && creditsLeft >= openWeeks;
    const byCard = (
      <Button
        size="lg"
        variant={coversWeeks ? "outline" : "primary"}
        className="w-full"
        onClick={() => onBookWeekly("card")}
        isLoading={isBookingWeekly}
        disabled={openWeeks === 0 || mustChooseAthlete}
      >
        {coversWeeks ? "Pay by card instead" : openWeeks !== null ? `Book ${openWeeks} weeks & Pay` : "Book weekly & Pay"}
      </Button>
    );
    if (!coversWeeks) return byCard;
    return (
      <>
        <Button
          size="lg"
          className="w-full"
          onClick={() => onBookWeekly("credit")}
          isLoading={isBookingWeekly}
          disabled={mustChooseAthlete}
        >
          Book {openWeeks} weeks with credits ({creditsLeft} left)
        </Button>
        {byCard}
      </>
    );
  }
  const isBlocked = mustChooseAthlete || missingTime !== null;
  const why = missingTime ? <p className="text-center text-sm text-slate-600">{missingTime}</p> : null;
  // DESIGN.md 12: credits first. A family holding a credit for this rate (one for each athlete coming)
  // is offered it as the first action, and the card only as a second choice; the count is every usable credit left.
  if (creditsLeft >= Math.max(1, seatCount)) {
    return (
      <>
        <Button size="lg" className="w-full" onClick={() => onBook("credit")} isLoading={isBookingOne} disabled={isBlocked}>
          {seatCount > 1 ? `Book with ${seatCount} credits (${creditsLeft} left)` : `Book with a credit (${creditsLeft} left)`}
        </Button>
        <Button size="lg" variant="outline" className="w-full" onClick={() => onBook("card")} isLoading={isBooking} disabled={isBlocked}>
          Pay by card instead
        </Button>
        {why}
      </>
    );
  }
  return (
    <>
      <Button size="lg" className="w-full" onClick={() => onBook("card")} isLoading={isBooking} disabled={isBlocked}>
        {bookLabel}
      </Button>
      {why}
    </>
  );
}
