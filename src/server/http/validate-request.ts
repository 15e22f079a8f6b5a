import type { Request } from "express";
import type { z } from "zod";
import { fromZodError, notFound } from "./errors";

/** Parses a value with a contract schema; a failure becomes a 400 with the first failing field's message. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  return parsedOrThrow(schema.safeParse(value));
}

/** A parse's result as parseWith answers it (for a route that parsed early and decides later): the data, or the same 400. */
export function parsedOrThrow<T>(result: z.ZodSafeParseResult<T>): T {
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

export const parseBody = <S extends z.ZodType>(req: Request, schema: S) => parseWith(schema, req.body ?? {});
export const parseQuery = <S extends z.ZodType>(req: Request, schema: S) => parseWith(schema, req.query ?? {});

/** A positive integer route parameter, or 404 (an id that cannot exist names nothing). */
export function parseIdParam(req: Request, name = "id"): number {
  const raw = req.params[name];
  if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw)) throw notFound(`No ${name} ${String(raw)}`);
  return Number(raw);
}
