import { z } from "zod";
import { SESSION_DURATIONS } from "./coach-basics";

/**
 * Field schemas that several contract files share. Numbers arrive as numbers from the app and as
 * digit strings from forms, so each accepts both. A union that matches neither fails with its own
 * message (zod 4 reports the union, never the inner regex), so one message per field is enough.
 */
export const numberOrDigits = (maxDigits: number, message?: string) =>
  z.union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(new RegExp(`^\\d{1,${maxDigits}}$`))
        .transform(Number),
    ],
    message === undefined ? undefined : { message },
  );

/** A position that is not one of POSITIONS, in the same words on every form that asks (profile, athlete, filters, ratings). */
export const POSITION_INVALID_MESSAGE = "Please select a valid position";

/** An address that is not one: the sign-in, registration and contact forms say it alike. */
export const EMAIL_INVALID_MESSAGE = "Please enter a valid email address";

/** An athlete that is not there or not of the caller's family, in the same words for families, packages and progress. */
export const ATHLETE_NOT_FOUND_MESSAGE = "Athlete not found";

/** A positive whole id in a body (a booking, a slot, a coach): every failure says `message`. */
export const idField = (message: string) => numberOrDigits(9, message).pipe(z.number().int({ message }).positive({ message }));

/** A whole number from `min` to `max`: every failure says `message`. */
export const wholeNumberField = (maxDigits: number, min: number, max: number, message: string) =>
  numberOrDigits(maxDigits, message).pipe(z.number().int({ message }).min(min, { message }).max(max, { message }));

/** A session length in minutes, one of SESSION_DURATIONS. */
export const sessionDurationField = (message: string) =>
  numberOrDigits(3, message).pipe(z.number().refine((v) => (SESSION_DURATIONS as readonly number[]).includes(v), { message }));

/** One to five stars. */
export const starRatingField = (message: string) => wholeNumberField(1, 1, 5, message);

/** Text that must not be blank once trimmed and is at most `max` characters: missing or blank says `required`. */
export const requiredTextField = (required: string, max: number, tooLong = required) =>
  z.string({ message: required }).trim().min(1, { message: required }).max(max, { message: tooLong });
