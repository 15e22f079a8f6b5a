import { ComingSoon } from "./coming-soon";

export function MyBookingsPage() {
  return <ComingSoon title="My Bookings" />;
}
