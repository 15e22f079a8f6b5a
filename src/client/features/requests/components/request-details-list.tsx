import { CalendarDays, Clock, Timer, Users } from "lucide-react";
import type { SessionRequest } from "@contract/requests";
import { formatMediumDate, formatSessionRange } from "@client/lib/when";
import { sessionTypeLabel } from "./request-format";

/** When, how long and what kind of session a request asks for; the student's card also shows the amount on the last line. */
export function RequestDetailsList({ request, showAmount = false }: { request: SessionRequest; showAmount?: boolean }) {
  return (
    <ul className="grid gap-1.5 text-sm text-slate-700 sm:grid-cols-2">
      <li className="flex items-center gap-2">
        <CalendarDays aria-hidden className="size-4 text-field-700" />
        {formatMediumDate(request.requestedDate) ?? request.requestedDate}
      </li>
      <li className="flex items-center gap-2">
        <Clock aria-hidden className="size-4 text-field-700" />
        {formatSessionRange(request.requestedStartTime, request.requestedEndTime, {
          date: request.requestedDate,
          timeZone: request.timeZone,
        }) ?? `${request.requestedStartTime} - ${request.requestedEndTime}`}
      </li>
      <li className="flex items-center gap-2">
        <Users aria-hidden className="size-4 text-field-700" />
        {sessionTypeLabel(request.sessionType)} session
        {request.sessionType === "group" && request.groupSize ? ` · ${request.groupSize} players` : null}
      </li>
      <li className="flex items-center gap-2">
        <Timer aria-hidden className="size-4 text-field-700" />
        {request.duration} minutes{showAmount ? ` · $${request.totalAmount}` : null}
      </li>
    </ul>
  );
}
