import { CalendarPlus, Download } from "lucide-react";
import { googleCalendarUrl } from "@contract/calendar";

type Session = {
  bookingId: number;
  title: string;
  startsAt: string;
  endsAt: string;
  location: string | null;
  timeZone?: string;
};

/**
 * "Add to calendar": a Google Calendar link and the session's .ics (same UID as the e-mailed
 * invitation), behind one "Add to calendar" button so that a list of sessions stays short on a phone
 * (a native disclosure: Enter or Space opens it).
 */
export function AddToCalendar({ session }: { session: Session }) {
  const google = googleCalendarUrl({
    title: session.title,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    timeZone: session.timeZone,
    location: session.location ?? undefined,
  });
  return (
    <details className="group text-sm">
      <summary className="inline-flex min-h-9 cursor-pointer list-none items-center gap-1 rounded-lg border border-field-700 px-3 font-semibold text-field-800 hover:bg-field-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-field-700 [&::-webkit-details-marker]:hidden">
        <CalendarPlus aria-hidden className="size-4 max-sm:hidden" /> Add to calendar
      </summary>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2" aria-label="Add to calendar">
        <a href={google} target="_blank" rel="noopener noreferrer" className="font-semibold text-field-700 hover:underline">
          Google Calendar<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a
          href={`/api/bookings/${session.bookingId}/calendar.ics`}
          download
          className="flex items-center gap-1 font-semibold text-field-700 hover:underline"
        >
          <Download aria-hidden className="size-4" /> Download .ics
        </a>
      </div>
    </details>
  );
}
