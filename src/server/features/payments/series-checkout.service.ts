import type { ParsedSeriesBookingRequest, SeriesBookingResponse } from "@contract/bookings";
import type { AppDeps } from "../../deps";
import type { UserRow } from "../accounts/sessions.repository";
import { bookSeries } from "../bookings/book-series.service";
import { createPaymentIntent } from "./payment-intents.service";

/**
 * POST /api/bookings/series (DESIGN.md 11): the weeks are held (bookings), then, when paid by card,
 * answered with one checkout's payment fields. The weeks stay held if the checkout cannot be
 * opened: the checkout page asks create-payment-intent for them again.
 */
export async function bookSeriesWithCheckout(
  deps: AppDeps,
  user: UserRow,
  input: ParsedSeriesBookingRequest,
  ip: string,
): Promise<SeriesBookingResponse> {
  const series: SeriesBookingResponse = await bookSeries(deps, user, input, ip);
  if (!series.bookingIds) return series;
  try {
    const payment = await createPaymentIntent(deps, user, { bookingIds: series.bookingIds }, ip);
    const { paymentIntentId, clientSecret, totalAmount, provider, publishableKey, holdExpiresAt } = payment;
    return {
      ...series,
      paymentIntentId,
      clientSecret,
      totalAmount,
      provider,
      holdExpiresAt,
      ...(publishableKey ? { publishableKey } : {}),
    };
  } catch (err) {
    deps.logger.warn({ err, bookingIds: series.bookingIds }, "a series was held but its checkout could not be opened");
    return series;
  }
}
