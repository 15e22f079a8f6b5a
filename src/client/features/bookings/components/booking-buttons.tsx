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
}) {
  const usable = rate ? creditsFor(credits, rate) : [];
  if (openWeeks !== undefined) {
    const creditsLeft = usable.reduce((sum, c) => sum + c.remaining, 0);
    return (
      <>
        <Button
          size="lg"
          className="w-full"
          onClick={() => onBookWeekly("card")}
          isLoading={isBookingWeekly}
          disabled={openWeeks === 0 || mustChooseAthlete}
        >
          {openWeeks !== null ? `Book ${openWeeks} weeks & Pay` : "Book weekly & Pay"}
        </Button>
        {openWeeks && creditsLeft >= openWeeks ? (
          <Button
            size="lg"
            variant="outline"
            className="w-full"
            onClick={() => onBookWeekly("credit")}
            isLoading={isBookingWeekly}
            disabled={mustChooseAthlete}
          >
            Use {openWeeks} credits ({creditsLeft} left)
          </Button>
        ) : null}
      </>
    );
  }
  // DESIGN.md 12: credits first. A family holding a credit for this rate is offered it as the first
  // action, and the card only as a second choice; the count is every usable credit left.
  const creditsLeft = seatCount === 1 ? usable.reduce((sum, c) => sum + c.remaining, 0) : 0;
  if (creditsLeft > 0) {
    return (
      <>
        <Button size="lg" className="w-full" onClick={() => onBook("credit")} isLoading={isBookingOne} disabled={mustChooseAthlete}>
          Book with a credit ({creditsLeft} left)
        </Button>
        <Button
          size="lg"
          variant="outline"
          className="w-full"
          onClick={() => onBook("card")}
          isLoading={isBooking}
          disabled={mustChooseAthlete}
        >
          Pay by card instead
        </Button>
      </>
    );
  }
  return (
    <Button size="lg" className="w-full" onClick={() => onBook("card")} isLoading={isBooking} disabled={mustChooseAthlete}>
      {bookLabel}
    </Button>
  );
}
