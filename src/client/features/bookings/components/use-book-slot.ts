import { useLocation } from "wouter";
import type { BookingRequest } from "@contract/bookings";
import { toast } from "@client/components/ui/toast";
import { checkoutOfBookings, paths, signInHref } from "@client/config/paths";
import { ApiError, isUnauthorized } from "@client/lib/api-client";
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from "@client/lib/handle-unauthorized";
import { formatLongDate } from "@client/lib/when";
import { useBookSeries, type BookSeriesInput } from "../api/book-series";
import { useBookSiblings } from "../api/book-siblings";
import { useCreateBooking } from "../api/create-booking";

/**
 * player-side 8: booking while signed out sends the browser to sign in; DESIGN 11 brings the visitor
 * back to this coach and the chosen slot afterwards (`returnPath`).
 */
function askToLogIn(navigate: (to: string) => void, returnPath: string) {
  toast({ title: "Please Log In", description: "You need to be logged in to book a session.", variant: "destructive" });
  window.setTimeout(() => navigate(signInHref(returnPath)), UNAUTHORIZED_REDIRECT_DELAY_MS);
}

/**
 * player-side 8: "Booking Failed" / "Failed to create booking. Please try again.", with the server's
 * reason (a taken seat, a time that has begun...) as its detail when it gives one.
 */
function bookingFailureText(error: unknown): string {
  const spec = "Failed to create booking. Please try again.";
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return `${spec} ${error.message}`;
  return spec;
}

/** A seat request before the athlete and the way of paying are chosen. */
export type SeatRequest = Omit<BookingRequest, "athleteId" | "payWith">;

/**
 * The book-a-coach page's three ways to book, with what each says and where each goes next: one
 * seat (card or credit), several siblings in one checkout, and the weeks of a weekly series.
 */
export function useBookSlot({ returnPath }: { returnPath: string }) {
  const [, navigate] = useLocation();
  const createBooking = useCreateBooking();
  const bookSiblingsTogether = useBookSiblings();
  const bookSeries = useBookSeries();
  const signIn = () => askToLogIn(navigate, returnPath);

  function failed(error: unknown) {
    if (isUnauthorized(error)) return signIn();
    toast({ title: "Booking Failed", description: bookingFailureText(error), variant: "destructive" });
  }

  function bookOne(request: BookingRequest, onPaidWithCredit: () => void) {
    createBooking.mutate(request, {
      onSuccess: (booking) => {
        if (request.payWith === "credit") {
          toast({ title: "Booking Confirmed", description: "Paid with one of your credits.", variant: "success" });
          onPaidWithCredit();
          navigate(paths.myBookings);
          return;
        }
        toast({ title: "Booking Created", description: "Proceeding to checkout...", variant: "success" });
        navigate(paths.bookingCheckout(booking.id));
      },
      onError: failed,
    });
  }

  /** The weeks of the series in one checkout (card), or one credit a week; the full weeks are skipped. */
  function bookWeekly(input: BookSeriesInput) {
    bookSeries.mutate(input, {
      onSuccess: (series) => {
        const skipped = series.skipped.length > 0 ? ` Skipped: ${series.skipped.map((d) => formatLongDate(d) ?? d).join(", ")}.` : "";
        if (input.payWith === "credit") {
          toast({
            title: "Weekly Sessions Booked",
            description: `${series.bookings.length} weeks paid with your credits.${skipped}`,
            variant: "success",
          });
          navigate(paths.myBookings);
          return;
        }
        toast({
          title: "Weeks Held",
          description: `Proceeding to one checkout for ${series.bookings.length} weeks.${skipped}`,
          variant: "success",
        });
        navigate(checkoutOfBookings(series.bookingIds ?? series.bookings.map((b) => b.id)));
      },
      onError: failed,
    });
  }

  /**
   * One seat per athlete in one request (DESIGN.md 12: all or none, on the server), then one
   * checkout for all of them: the family is never left paying for some of the children it meant to bring.
   */
  function bookSiblings(request: SeatRequest, ids: readonly number[], payWith: "card" | "credit" = "card", onPaidWithCredit?: () => void) {
    bookSiblingsTogether.mutate(
      { ...request, athleteIds: [...ids], payWith },
      {
        onSuccess: ({ bookings }) => {
          if (payWith === "credit") {
            // A credit each, all confirmed at once (DESIGN.md 12): no checkout.
            toast({ title: "Booking Confirmed", description: `${bookings.length} sessions paid with your credits.`, variant: "success" });
            onPaidWithCredit?.();
            navigate(paths.myBookings);
            return;
          }
          toast({ title: "Booking Created", description: "Proceeding to checkout...", variant: "success" });
          navigate(checkoutOfBookings(bookings.map((b) => b.id)));
        },
        onError: (error) => {
          if (isUnauthorized(error)) return signIn();
          toast({ title: "Booking Failed", description: `${bookingFailureText(error)} Nothing was booked.`, variant: "destructive" });
        },
      },
    );
  }

  return {
    signIn,
    bookOne,
    bookSiblings,
    bookWeekly,
    isBookingOne: createBooking.isPending,
    isBookingSeveral: createBooking.isPending || bookSiblingsTogether.isPending,
    isBookingWeekly: bookSeries.isPending,
  };
}
