import { useQuery } from "@tanstack/react-query";
import { studentBookingsQuery } from "./keys";

export function useStudentBookings(enabled = true) {
  return useQuery({ ...studentBookingsQuery, enabled });
}
