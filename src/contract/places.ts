/** Where a session happens, as a slot carries it (coach-side 3). */
export type SessionPlace = {
  locationName: string | null;
  locationAddress: string | null;
  locationLat?: number | null;
  locationLng?: number | null;
  locationNotes?: string | null;
};

/** The label shown wherever a slot has no place yet, so the student knows to ask rather than guess. */
export const PLACE_TO_BE_CONFIRMED = "Location to be confirmed by your coach";

/** What a maps service is asked to find: the address, else the coordinates, else the place's name. */
function destination(place: SessionPlace): string | null {
  const address = place.locationAddress?.trim();
  if (address) return address;
  if (place.locationLat != null && place.locationLng != null) return `${place.locationLat},${place.locationLng}`;
  return place.locationName?.trim() || null;
}

/**
 * A "Get directions" link (coach-side 7's maps links): a plain URL that opens the maps service with
 * the session's address. Nothing is fetched from it. Null when the slot names no place.
 */
export function directionsUrl(place: SessionPlace): string | null {
  const to = destination(place);
  return to ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(to)}` : null;
}

/** The same destination in Apple Maps (issue 28: offered beside Google Maps, for iPhone users). */
export function appleMapsUrl(place: SessionPlace): string | null {
  const to = destination(place);
  return to ? `https://maps.apple.com/?daddr=${encodeURIComponent(to)}` : null;
}

/** "Riverside Park, 100 Main St, Springfield, NJ" (name and address, whichever exist); null when neither. */
export function placeText(place: SessionPlace): string | null {
  const parts = [place.locationName?.trim(), place.locationAddress?.trim()].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(", ") : null;
}
