import { doublePrecision, index, pgTable, text } from "drizzle-orm/pg-core";

/** Offline US ZIP data, loaded at migration time so that radius search runs in SQL (DESIGN.md 9). */
export const zipCodes = pgTable(
  "zip_codes",
  {
    zip: text("zip").primaryKey(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    timeZone: text("time_zone").notNull(),
  },
  (t) => [index("zip_codes_lat_lng_idx").on(t.latitude, t.longitude)],
);
