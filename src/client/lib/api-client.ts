import type { ErrorCode } from "@contract/error-basics";

/**
 * Every call sends cookies and speaks JSON. A non-OK answer becomes an ApiError whose message is the
 * response's `message` field, else the raw text, else the status text (player-side 7). Code that
 * reacts to one refusal switches on `code` (contract/errors.ts), never on the text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly code?: ErrorCode,
  ) {
    super(message);
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

async function errorFrom(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  let message = "";
  let field: string | undefined;
  let code: ErrorCode | undefined;
  try {
    const body = JSON.parse(text) as { message?: unknown; field?: unknown; code?: unknown };
    if (typeof body.message === "string") message = body.message;
    if (typeof body.field === "string") field = body.field;
    if (typeof body.code === "string") code = body.code as ErrorCode;
  } catch {
    // not JSON: fall back to the text
  }
  return new ApiError(res.status, message || text || res.statusText || `Request failed (${res.status})`, field, code);
}

/**
 * The main thread's next turn. A page's reads all start in the effects of the commit that mounts it,
 * and the browser sets up each request on the main thread (on the coach dashboard, seven reads and
 * two sockets were one task of up to 67 ms, 270 ms on Lighthouse's simulated phone, half of it in
 * `fetch`): each read is sent in a short task of its own. A change (POST, PATCH, DELETE) is sent at once.
 */
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  if (method === "GET") await nextTurn();
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: body !== undefined && !isForm ? { "Content-Type": "application/json" } : undefined,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  if (!res.ok) throw await errorFrom(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const apiGet = <T>(url: string) => apiRequest<T>("GET", url);

/** A GET whose answer headers matter too (a search page's X-Next-Cursor). */
export async function apiGetWithHeaders<T>(url: string): Promise<{ data: T; headers: Headers }> {
  await nextTurn();
  const res = await fetch(url, { method: "GET", credentials: "include" });
  if (!res.ok) throw await errorFrom(res);
  return { data: (await res.json()) as T, headers: res.headers };
}
