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

/** "Add to calendar": a Google Calendar link and the session's .ics (same UID as the e-mailed invitation). */
export function AddToCalendar({ session }: { session: Session }) {
  const google = googleCalendarUrl({
    title: session.title,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    timeZone: session.timeZone,
    location: session.location ?? undefined,
  });
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm" aria-label="Add to calendar">
      <span className="flex items-center gap-1 font-semibold text-field-900">
        <CalendarPlus aria-hidden className="size-4" /> Add to calendar:
      </span>
      <a href={google} target="_blank" rel="noopener noreferrer" className="font-semibold text-field-700 hover:underline">
        Google Calendar
      </a>
      <a
        href={`/api/bookings/${session.bookingId}/calendar.ics`}
        download
        className="flex items-center gap-1 font-semibold text-field-700 hover:underline"
      >
        <Download aria-hidden className="size-4" /> Download .ics
      </a>
    </div>
  );
}
