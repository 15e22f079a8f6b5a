import { z } from "zod";
import { SESSION_TYPES, type RateResponse, type SessionType } from "@contract/coach-basics";
import { centsToDecimal, decimalToCents } from "@contract/money";
import {
  REQUEST_MIN_ADVANCE_MS,
  SessionRequestMessages,
  defaultRequestDate,
  meetsRequestAdvance,
  requestPriceCents,
} from "@contract/request-basics";
import { isValidDate, isValidTime, parseTime } from "@contract/time";
import { addToastIssue } from "@client/lib/form-errors";
import { dateInZone, zonedInstant } from "@client/lib/when";

const ORDER: SessionType[] = ["individual", "group"];

/** The instant of a wall-clock date and time on the coach's clock; null for a date or time that is not one. */
function zonedInstantMs(date: string, time: string, timeZone: string | undefined): number | null {
  if (!isValidDate(date) || !isValidTime(time)) return null;
  return zonedInstant(date, time, timeZone)?.getTime() ?? null;
}

/** The earliest date the date input offers: the date, in the coach's zone, 4 hours from now. */
export const thresholdDate = (nowMs: number, timeZone: string | undefined) => dateInZone(nowMs + REQUEST_MIN_ADVANCE_MS, timeZone);

/** The dialog's default date: tomorrow in the coach's zone (player-side 9). */
export const tomorrow = (nowMs: number, timeZone: string | undefined) => defaultRequestDate(dateInZone(nowMs, timeZone));

/** Session types the coach has at least one rate for, individual first. */
export function offeredTypes(rates: readonly RateResponse[]): SessionType[] {
  return ORDER.filter((type) => rates.some((r) => r.sessionType === type));
}

/** Durations the coach has a rate for with this session type, shortest first. */
export function offeredDurations(rates: readonly RateResponse[], type: SessionType): number[] {
  return rates
    .filter((r) => r.sessionType === type)
    .map((r) => r.duration as number)
    .sort((a, b) => a - b);
}

export function rateFor(rates: readonly RateResponse[], type: SessionType, duration: number): RateResponse | undefined {
  return rates.find((r) => r.sessionType === type && r.duration === duration);
}

/** Session cost, platform fee and total (rate + 15%) as decimal strings, or null without a rate. */
export function priceOf(rate: RateResponse | undefined): { rate: string; platformFee: string; total: string } | null {
  const cents = rate ? decimalToCents(rate.rate) : null;
  if (cents === null) return null;
  const price = requestPriceCents(cents);
  return {
    rate: centsToDecimal(price.rateCents),
    platformFee: centsToDecimal(price.platformFeeCents),
    total: centsToDecimal(price.totalCents),
  };
}

export type RequestDraft = { sessionType: SessionType; duration: number; date: string; startTime: string };

/** The request dialog's values. */
const RequestFormValuesSchema = z.object({
  sessionType: z.enum(SESSION_TYPES),
  duration: z.number(),
  date: z.string(),
  startTime: z.string(),
  message: z.string(),
  groupSize: z.number(),
});
export type RequestFormValues = z.infer<typeof RequestFormValuesSchema>;

/** The request rules over the dialog's values, read on the coach's clock when the form is sent; a failure is the form's error. */
export const requestFormSchema = (rates: readonly RateResponse[], timeZone: string | undefined, nowMs: () => number = Date.now) =>
  RequestFormValuesSchema.superRefine((values, ctx) => {
    const found = requestProblem(values, rates, nowMs(), timeZone);
    if (found) addToastIssue(ctx, { title: "Error", description: found }, [["root"]]);
  });

/** The client's copy of the request rules (player-side 5); the server checks them again. Null when the draft is fine. */
export function requestProblem(
  draft: RequestDraft,
  rates: readonly RateResponse[],
  nowMs: number,
  timeZone: string | undefined,
): string | null {
  if (!rateFor(rates, draft.sessionType, draft.duration)) {
    const comboExists = (draft.duration === 30 || draft.duration === 60) && offeredTypes(rates).includes(draft.sessionType);
    return comboExists ? SessionRequestMessages.RATE_NOT_FOUND : SessionRequestMessages.INVALID_COMBINATION;
  }
  const minutes = parseTime(draft.startTime);
  if (minutes === null || minutes % 15 !== 0) return SessionRequestMessages.START_OFF_STEP;
  const startsAt = zonedInstantMs(draft.date, draft.startTime, timeZone);
  if (startsAt === null) return SessionRequestMessages.DATE_INVALID;
  if (!meetsRequestAdvance(startsAt, nowMs)) return SessionRequestMessages.TOO_SOON;
  return null;
}
