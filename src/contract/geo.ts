import { z } from "zod";

/** GET /api/geo/zip/{zip} */
export const ZipLookupSchema = z.object({
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timeZone: z.string(),
});
export type ZipLookup = z.infer<typeof ZipLookupSchema>;

/** "Baltimore", "MD" -> "Baltimore, MD" (the coach's read-only location). */
export function formatLocation(city: string, state: string): string {
  return `${city}, ${state}`;
}

const STATE_ZONES: Record<string, string> = {
  // Eastern
  CT: "America/New_York",
  DC: "America/New_York",
  DE: "America/New_York",
  GA: "America/New_York",
  MA: "America/New_York",
  MD: "America/New_York",
  ME: "America/New_York",
  NC: "America/New_York",
  NH: "America/New_York",
  NJ: "America/New_York",
  NY: "America/New_York",
  OH: "America/New_York",
  PA: "America/New_York",
  RI: "America/New_York",
  SC: "America/New_York",
  VA: "America/New_York",
  VT: "America/New_York",
  WV: "America/New_York",
  // Central
  AL: "America/Chicago",
  AR: "America/Chicago",
  IA: "America/Chicago",
  IL: "America/Chicago",
  LA: "America/Chicago",
  MN: "America/Chicago",
  MO: "America/Chicago",
  MS: "America/Chicago",
  OK: "America/Chicago",
  WI: "America/Chicago",
  // Mountain
  CO: "America/Denver",
  MT: "America/Denver",
  NM: "America/Denver",
  UT: "America/Denver",
  WY: "America/Denver",
  AZ: "America/Phoenix",
  // Pacific
  CA: "America/Los_Angeles",
  NV: "America/Los_Angeles",
  WA: "America/Los_Angeles",
  HI: "Pacific/Honolulu",
  // Territories and military post offices (AA: the Americas, AE: Europe, AP: the Pacific)
  PR: "America/Puerto_Rico",
  VI: "America/St_Thomas",
  GU: "Pacific/Guam",
  MP: "Pacific/Saipan",
  AS: "Pacific/Pago_Pago",
  FM: "Pacific/Pohnpei",
  MH: "Pacific/Majuro",
  PW: "Pacific/Palau",
  AA: "America/New_York",
  AE: "Europe/Berlin",
  AP: "Asia/Tokyo",
};

/**
 * The IANA time zone of a US place. Most states have one zone; for the states a zone line crosses,
 * the side is decided by rough longitude/latitude lines that follow the county borders closely
 * enough for metro areas (a coach near a line can still be a zone off: the data has no counties).
 * Returns null for an unknown state.
 */
export function timeZoneForPlace(state: string, latitude: number, longitude: number): string | null {
  const lat = latitude;
  const lon = longitude;
  switch (state.toUpperCase()) {
    case "FL":
      // The panhandle west of the Apalachicola River is Central.
      return lon < -85.1 ? "America/Chicago" : "America/New_York";
    case "IN":
      // Gary/Chicago suburbs in the north-west and Evansville in the south-west are Central.
      if ((lat > 41.0 && lon < -86.75) || (lat < 38.6 && lon < -86.75)) return "America/Chicago";
      return "America/Indiana/Indianapolis";
    case "MI":
      // The Upper Peninsula counties on the Wisconsin border are Central.
      return lat > 45.0 && lon < -87.6 ? "America/Menominee" : "America/Detroit";
    case "KY":
      // Louisville and the east are Eastern; Bowling Green, Owensboro, Paducah are Central.
      return lon < -86.0 ? "America/Chicago" : "America/New_York";
    case "TN":
      // East Tennessee (Knoxville, Tri-Cities, Chattanooga) is Eastern; the Cumberland Plateau westward is Central.
      return lon > -84.75 || (lat < 35.4 && lon > -85.5) ? "America/New_York" : "America/Chicago";
    case "ND":
      // The south-west corner (Dickinson, Bowman) is Mountain.
      return lon < -101.3 && lat < 47.5 ? "America/Denver" : "America/Chicago";
    case "SD":
      // West River (Rapid City) is Mountain; Pierre is Central.
      return lon < -100.6 ? "America/Denver" : "America/Chicago";
    case "NE":
      // The panhandle (Scottsbluff, Ogallala) is Mountain; North Platte is Central.
      return lon < -101.3 ? "America/Denver" : "America/Chicago";
    case "KS":
      // The four western border counties (Goodland, Sharon Springs, Tribune, Syracuse) are Mountain.
      return lon < -101.5 ? "America/Denver" : "America/Chicago";
    case "TX":
      // El Paso and Hudspeth counties are Mountain.
      return lon < -104.9 ? "America/Denver" : "America/Chicago";
    case "ID":
      // The panhandle north of the Salmon River is Pacific.
      return lat > 45.5 ? "America/Los_Angeles" : "America/Boise";
    case "OR":
      // Most of Malheur County (Ontario) is Mountain.
      return lon > -118.2 && lat < 44.5 ? "America/Boise" : "America/Los_Angeles";
    case "AK":
      // The Aleutians west of 169.5 W keep Hawaii-Aleutian time.
      return lon < -169.5 ? "America/Adak" : "America/Anchorage";
    default:
      return STATE_ZONES[state.toUpperCase()] ?? null;
  }
}
