import { ComingSoon } from "./coming-soon";

export function BookingCheckoutPage() {
  return <ComingSoon title="Booking Checkout" />;
}
