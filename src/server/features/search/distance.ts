/**
 * Distances between a searched ZIP and coaches (their ZIP's centre), in miles. The coach directory
 * computes them in memory for radius search; matching computes the same formula in SQL
 * (search.repository), with the same bounding box.
 */

/** Mean Earth radius in miles (haversine). */
export const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.0;
const RADIANS = Math.PI / 180;

export type Origin = { latitude: number; longitude: number };
export type Box = { minLatitude: number; maxLatitude: number; minLongitude: number; maxLongitude: number };

/**
 * A latitude/longitude box around the origin that contains the whole circle of `miles`: it
 * discards the rest of the country before any trigonometry runs.
 */
export function boundingBox(origin: Origin, miles: number): Box {
  const dLat = miles / MILES_PER_DEGREE_LATITUDE;
  // Longitude degrees shrink with latitude; near the poles the box simply spans every longitude.
  const cosLat = Math.cos(Math.min(89, Math.abs(origin.latitude) + dLat) * RADIANS);
  const dLng = Math.min(180, miles / (MILES_PER_DEGREE_LATITUDE * cosLat));
  return {
    minLatitude: origin.latitude - dLat,
    maxLatitude: origin.latitude + dLat,
    minLongitude: origin.longitude - dLng,
    maxLongitude: origin.longitude + dLng,
  };
}

/** Haversine distance in miles; the SQL twin is search.repository's distanceSql. */
export function haversineMiles(origin: Origin, latitude: number, longitude: number): number {
  const sinLat = Math.sin(((latitude - origin.latitude) * RADIANS) / 2);
  const sinLng = Math.sin(((longitude - origin.longitude) * RADIANS) / 2);
  const h = sinLat * sinLat + Math.cos(origin.latitude * RADIANS) * Math.cos(latitude * RADIANS) * sinLng * sinLng;
  return EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles to one decimal, as the API shows them ("4.2 miles away"). */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}
