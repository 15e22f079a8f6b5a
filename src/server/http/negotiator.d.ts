/** The part of negotiator 1.x this project uses (its own package has no types; @types/negotiator describes 0.6). */
declare module "negotiator" {
  import type { IncomingHttpHeaders } from "node:http";

  export default class Negotiator {
    constructor(request: { headers: IncomingHttpHeaders });
    /** The best of `available` for the request's Accept-Encoding; among equal weights, the first of `preferred`. */
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
  }
}
