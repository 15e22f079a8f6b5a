import { apiGetWithHeaders } from "./api-client";

/** Far more than any list a page shows (100 pages of bookings, of 500 slots): a guard against a server that never stops. */
const MAX_PAGES = 100;

/**
 * Every item of a list that pages (decision 012): the first page at `url`, then each page the
 * answer's X-Next-Cursor names, until a page names none.
 */
export async function apiGetAllPages<T>(url: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const pageUrl: string = cursor === null ? url : `${url}${url.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;
    const { data, headers } = await apiGetWithHeaders<T[]>(pageUrl);
    items.push(...data);
    cursor = headers.get("X-Next-Cursor");
    if (!cursor) break;
  }
  return items;
}
