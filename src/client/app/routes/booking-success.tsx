import { ComingSoon } from "./coming-soon";

export function BookingSuccessPage() {
  return <ComingSoon title="Booking Success" />;
}
