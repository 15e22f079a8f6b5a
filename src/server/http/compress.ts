import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Request, Response } from "express";

/**
 * Brotli at quality 2: less CPU than gzip per answer, and smaller output (a search page 2.3 KiB);
 * the default (11) takes milliseconds per answer, too slow for answers made per request. A 64 KiB
 * window (BROTLI_PARAM_LGWIN 16) instead of the default 4 MiB: an API answer is far smaller, and
 * each answer's encoder held the whole window outside the heap, which made V8 collect garbage more
 * often.
 */
export const BROTLI_PARAMS = { [zlib.BROTLI_PARAM_QUALITY]: 2, [zlib.BROTLI_PARAM_LGWIN]: 16 };

/** Below this an answer goes out as it is (the compression middleware's default threshold). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Sends JSON text compressed at once, in one write with its Content-Length, for an answer made
 * whole in memory on a hot path (the search). The compression middleware streams instead: a zlib
 * stream per answer, chunked encoding and a write for the headers, each chunk and the end, which
 * was a quarter of the search's CPU (docs/performance-log.md, 26 November 2026, evening). The
 * middleware leaves an answer that already has a Content-Encoding alone.
 */
export function sendJsonText(req: Request, res: Response, body: string): void {
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.vary("Accept-Encoding");
  const encoding = Buffer.byteLength(body) < COMPRESS_FROM_BYTES ? false : req.acceptsEncodings("br", "gzip", "identity");
  const payload =
    encoding === "br" ? brotliCompressSync(body, { params: BROTLI_PARAMS }) : encoding === "gzip" ? gzipSync(body) : Buffer.from(body);
  if (encoding === "br" || encoding === "gzip") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", payload.length);
  res.end(req.method === "HEAD" ? undefined : payload);
}
