import type { Position } from "@contract/coach-basics";
import type { PlacePage } from "@contract/place-pages";
import type { CoachProfile } from "@contract/search";
import type { AppDeps } from "../../deps";
import { getPlacePage } from "../places/places.service";
import { getCoachProfile } from "../search/search.service";

/**
 * The reads of one request for a public page, each made once: the head (public-page.service.ts)
 * and the drawing (page-data.ts) of a coach's page both show the coach's profile, and a place page
 * its coaches, so a visit that finds neither kept reads them once, not twice.
 */
export type PageReads = {
  coachProfile(coachId: number): Promise<CoachProfile>;
  placePage(state: string, city: string, position: Position | null): Promise<PlacePage>;
};

export function pageReads(deps: AppDeps): PageReads {
  const profiles = new Map<number, Promise<CoachProfile>>();
  const places = new Map<string, Promise<PlacePage>>();
  return {
    coachProfile(coachId) {
      let read = profiles.get(coachId);
      if (!read) profiles.set(coachId, (read = getCoachProfile(deps, coachId)));
      return read;
    },
    placePage(state, city, position) {
      const key = `${state}/${city}/${position ?? ""}`;
      let read = places.get(key);
      if (!read) places.set(key, (read = getPlacePage(deps, state, city, position)));
      return read;
    },
  };
}
