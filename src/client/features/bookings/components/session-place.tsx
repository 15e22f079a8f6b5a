import { MapPin, Navigation } from "lucide-react";
import { appleMapsUrl, directionsUrl, PLACE_TO_BE_CONFIRMED, type SessionPlace } from "@contract/places";
import { cn } from "@client/lib/cn";

/**
 * Where the session is: the place's name, its address, the coach's notes and a "Get directions"
 * link that opens a maps service with the address (a plain link; nothing is fetched from it).
 */
export function SessionPlaceDetails({ place, className }: { place: SessionPlace; className?: string }) {
  const name = place.locationName?.trim();
  const address = place.locationAddress?.trim();
  const notes = place.locationNotes?.trim();
  const url = directionsUrl(place);
  const appleUrl = appleMapsUrl(place);
  return (
    <div data-testid="session-place" className={cn("flex items-start gap-2 text-sm text-slate-700", className)}>
      <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-field-700" />
      <div className="flex min-w-0 flex-col gap-0.5">
        {name || address ? (
          <>
            {name ? <span className="font-medium text-slate-900">{name}</span> : null}
            {address ? <span className="break-words">{address}</span> : null}
            {notes ? <span className="text-slate-600">{notes}</span> : null}
          </>
        ) : (
          <span>{PLACE_TO_BE_CONFIRMED}</span>
        )}
        {url ? (
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-field-800 underline underline-offset-2 hover:text-field-950"
            >
              <Navigation aria-hidden className="size-3.5" />
              Get directions
              <span className="sr-only"> in Google Maps (opens in a new tab)</span>
            </a>
            {appleUrl ? (
              <a
                href={appleUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-field-800 underline underline-offset-2 hover:text-field-950"
              >
                Apple Maps<span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
          </span>
        ) : null}
      </div>
    </div>
  );
}
