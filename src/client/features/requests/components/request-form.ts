import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { RateResponse, SessionType } from "../../../../contract/coaches";
import { centsToDecimal, decimalToCents } from "../../../../contract/money";
import {
  REQUEST_MIN_ADVANCE_MS,
  SessionRequestMessages,
  defaultRequestDate,
  meetsRequestAdvance,
  requestPriceCents,
} from "../../../../contract/requests";
import { isValidDate, isValidTime, parseTime } from "../../../../contract/time";

const ORDER: SessionType[] = ["individual", "group"];

/** A wall-clock moment in the coach's zone (or the browser's when the zone is unknown). */
function zoned(instantMs: number, timeZone: string | undefined): Date {
  if (!timeZone) return new Date(instantMs);
  try {
    return new TZDate(instantMs, timeZone);
  } catch {
    return new Date(instantMs);
  }
}

export function zonedDate(instantMs: number, timeZone: string | undefined): string {
  return format(zoned(instantMs, timeZone), "yyyy-MM-dd");
}

/** The instant of a wall-clock date and time in the zone; null for a date or time that is not one. */
export function zonedInstantMs(date: string, time: string, timeZone: string | undefined): number | null {
  if (!isValidDate(date) || !isValidTime(time)) return null;
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  if (timeZone) {
    try {
      return new TZDate(year, month - 1, day, hours, minutes, 0, timeZone).getTime();
    } catch {
      // An unknown zone: the browser's clock is the best guess; the server decides anyway.
    }
  }
  return new Date(year, month - 1, day, hours, minutes).getTime();
}

/** The earliest date the date input offers: the date, in the coach's zone, 4 hours from now. */
export const thresholdDate = (nowMs: number, timeZone: string | undefined) => zonedDate(nowMs + REQUEST_MIN_ADVANCE_MS, timeZone);

/** The dialog's default date: tomorrow in the coach's zone (player-side 9). */
export const tomorrow = (nowMs: number, timeZone: string | undefined) => defaultRequestDate(zonedDate(nowMs, timeZone));

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
