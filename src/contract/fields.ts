import { z } from "zod";
import { SESSION_DURATIONS, SESSION_TYPES } from "./coach-basics";

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

/** A person's first or last name (an account, a parent, an athlete): "First name is required", then "... is too long" past 100. */
export const personNameField = (required: string) => requiredTextField(required, 100, required.replace("is required", "is too long"));

/** Individual or group, in the words of every form that asks it (a rate, a checkout). */
export const sessionTypeField = z.enum(SESSION_TYPES, { message: "Session type must be individual or group" });

export const RATE_DURATION_MESSAGE = "Duration must be 30 or 60 minutes";
/** The length of a rate or a package, as a number: 30 or 60 minutes. */
export const rateDurationField = z.union([z.literal(30), z.literal(60)], { message: RATE_DURATION_MESSAGE });
