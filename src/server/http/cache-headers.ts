import type { Response } from "express";

/**
 * A public read that is the same for every visitor (a coach profile, testimonials, content
 * blocks): browsers and shared caches may keep it but ask again each time, and Express's ETag
 * turns an unchanged answer into an empty 304. Set in the handler, so it wins over the API's
 * `no-store` default for personal answers. Revalidating (not max-age) because an edit must show at
 * once, also to the admin or coach who made it.
 */
export function cachePublicRead(res: Response): void {
  res.setHeader("Cache-Control", "public, no-cache");
}
