import type { Logger } from "pino";

export type Coordinates = { latitude: number; longitude: number };

/** Address to coordinates for slot locations (coach-side 5): best effort, a failure is only logged. */
export type Geocoder = { geocode(address: string): Promise<Coordinates | null> };

const TIMEOUT_MS = 5000;

/** A Nominatim-compatible service when GEOCODER_URL is set; otherwise no geocoding at all (no public service by default). */
export function createGeocoder(options: { geocoderUrl?: string; logger: Logger; fetchImpl?: typeof fetch }): Geocoder {
  const { geocoderUrl, logger } = options;
  if (!geocoderUrl) return { geocode: async () => null };
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = geocoderUrl.replace(/\/$/, "");
  return {
    async geocode(address) {
      const query = address.trim();
      if (!query) return null;
      const url = `${base}/search?format=json&limit=1&q=${encodeURIComponent(query)}`;
      try {
        const res = await fetchImpl(url, {
          headers: { Accept: "application/json", "User-Agent": "lacrosse-coaching-marketplace" },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!res.ok) {
          logger.warn({ status: res.status }, "geocoder answered with an error");
          return null;
        }
        const body = (await res.json()) as Array<{ lat?: string | number; lon?: string | number }>;
        const first = Array.isArray(body) ? body[0] : undefined;
        const latitude = Number(first?.lat);
        const longitude = Number(first?.lon);
        if (!first || !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
          logger.info("geocoder found no match for a slot address");
          return null;
        }
        return { latitude, longitude };
      } catch (err) {
        logger.warn({ err }, "geocoding failed");
        return null;
      }
    },
  };
}
