// The one place drizzle-kit and the db client read the whole schema from.
export * from "./accounts";
export * from "./bookings";
export * from "./coaches";
export * from "./disputes";
export * from "./content";
export * from "./geo";
export * from "./payments";
export * from "./requests";
export * from "./slots";
export * from "./rate-limits";
export * from "./reviews";
export * from "./waitlist";
export * from "./families";
export * from "./consents";
export * from "./outbox";
export * from "./messages";
export * from "./packages";
