import type { Response } from "express";
import { LIST_NEXT_CURSOR_HEADER, PagingMessages } from "@contract/paging";
import { badRequest } from "./errors";

/** One page of a list that grows (decision 012), and the cursor of the next page when there is one. */
export type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * Rows read with a limit of `pageSize + 1`: the first `pageSize` are the page; the extra one only
 * says that another page follows, whose cursor is the id of this page's last row.
 */
export function pageOf<R, T>(rows: R[], pageSize: number, idOf: (row: R) => number, toItem: (row: R) => T): Page<T> {
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return { items: page.map(toItem), nextCursor: rows.length > pageSize && last !== undefined ? String(idOf(last)) : null };
}

/** Answers the page in the spec's shape (a JSON array), naming the next page in `X-Next-Cursor`. */
export function sendPage<T>(res: Response, page: Page<T>): void {
  if (page.nextCursor) res.setHeader(LIST_NEXT_CURSOR_HEADER, page.nextCursor);
  res.json(page.items);
}

/** A cursor that names no row of this list: 400, as a malformed one is. */
export const badCursor = () => badRequest(PagingMessages.CURSOR, "cursor");
