import { z } from "zod";

/**
 * Lists that grow page with the search's convention (DESIGN.md 11, decision 012): `?cursor=` in,
 * `X-Next-Cursor` out. The first page (no cursor) is the spec's answer as it always was, only
 * bounded; when more follow, the answer names the next page's cursor in the header, and a client
 * that shows everything follows it until it is absent. The cursor is the id of the page's last row.
 */
export const LIST_NEXT_CURSOR_HEADER = "X-Next-Cursor";
/** Bookings (the family's, the coach's) and session requests per page: more than any family or coach sees at once. */
export const LIST_PAGE_SIZE = 100;
/** A coach's slots per page: the upcoming-slot cap (MAX_UPCOMING_SLOTS_PER_COACH), so the default list from today is one page. */
export const SLOTS_PAGE_SIZE = 500;

export const PagingMessages = {
  CURSOR: "cursor must be the X-Next-Cursor of the previous page of this list",
} as const;

/** `?cursor=`: the X-Next-Cursor of the previous page (a row id); absent for the first page. */
export const cursorParam = z
  .string({ message: PagingMessages.CURSOR })
  .regex(/^[1-9]\d{0,8}$/, { message: PagingMessages.CURSOR })
  .transform(Number)
  .optional();

export const ListPageQuerySchema = z.object({ cursor: cursorParam });
