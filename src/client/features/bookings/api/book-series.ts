import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useQuery } from "../../../lib/use-query";
import type { SeriesBookingResponse, SeriesPreview } from "@contract/bookings";
import { MAX_SERIES_WEEKS } from "@contract/booking-basics";
import { apiGet, apiRequest } from "@client/lib/api-client";
import { isUnderUrl, sharedKeys } from "@client/lib/query-keys";
import { bookingsKeys } from "./keys";

export type SeriesPreviewInput = { timeSlotId: number; duration: number; athleteId: number | null };

/** Every later week of the slot's series, each open, full, already the athlete's or closed (DESIGN.md 11). */
export function useSeriesPreview(input: SeriesPreviewInput | null) {
  const query = input
    ? new URLSearchParams({
        timeSlotId: String(input.timeSlotId),
        weeks: String(MAX_SERIES_WEEKS),
        duration: String(input.duration),
        ...(input.athleteId !== null ? { athleteId: String(input.athleteId) } : {}),
      }).toString()
    : "";
  return useQuery({
    queryKey: ["/api/bookings/series/preview", query],
    queryFn: () => apiGet<SeriesPreview>(`/api/bookings/series/preview?${query}`),
    enabled: input !== null,
  });
}

export type BookSeriesInput = {
  timeSlotId: number;
  weeks: number;
  payWith: "card" | "credit";
  duration: number;
  athleteId?: number;
  notes?: string | null;
};

/** POST /api/bookings/series: by card the weeks are held for one checkout; with credits they are booked at once. */
export function useBookSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookSeriesInput) => apiRequest<SeriesBookingResponse>("POST", "/api/bookings/series", input),
    // player-side 8: a 401 on booking is the page's own "Please Log In", back to this coach afterwards.
    meta: { unauthorizedIsAnswer: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bookingsKeys.student });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.slots });
      void queryClient.invalidateQueries({ predicate: isUnderUrl("/api/credits") });
      void queryClient.invalidateQueries({ predicate: isUnderUrl("/api/bookings/series") });
    },
  });
}
