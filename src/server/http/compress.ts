import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync } from "node:zlib";
import type { Request, Response } from "express";
import Negotiator from "negotiator";

/**
 * Brotli at quality 2: less CPU than gzip's default level per answer for about the same size (a
 * search page of 16 KB: 41 µs and 1.44 KB, gzip 66 µs and 1.42 KB); the default (11) takes
 * milliseconds per answer, too slow for answers made per request. A 64 KiB window
 * (BROTLI_PARAM_LGWIN 16) instead of the default 4 MiB: an API answer is far smaller, and each
 * answer's encoder held the whole window outside the heap, which made V8 collect garbage more often.
 */
export const BROTLI_PARAMS = { [zlib.BROTLI_PARAM_QUALITY]: 2, [zlib.BROTLI_PARAM_LGWIN]: 16 };

/** Below this an answer goes out as it is (the compression middleware's default threshold). */
const COMPRESS_FROM_BYTES = 1024;

export type JsonEncoding = "br" | "gzip" | "identity";

/** Between encodings a client weighs the same, brotli first, as the compression middleware chooses. */
const PREFERRED_ENCODINGS = { preferred: ["br", "gzip"] };

/**
 * How JSON text of `byteLength` bytes goes out to this request: brotli or gzip as its
 * Accept-Encoding weighs them, brotli when it weighs both the same, as it is when small or when the
 * client takes neither. Browsers list gzip first ("gzip, deflate, br, zstd"); taking their order
 * (Express's `req.acceptsEncodings`) sent them gzip at level 6, 1.6 times brotli's CPU.
 */
export function chooseJsonEncoding(req: Request, byteLength: number): JsonEncoding {
  if (byteLength < COMPRESS_FROM_BYTES) return "identity";
  const accepted = new Negotiator(req).encoding(["br", "gzip", "identity"], PREFERRED_ENCODINGS);
  return accepted === "br" || accepted === "gzip" ? accepted : "identity";
}

/** The bytes of JSON text in `encoding`. */
export function encodeJson(text: string | Buffer, encoding: JsonEncoding): Buffer {
  if (encoding === "br") return brotliCompressSync(text, { params: BROTLI_PARAMS });
  if (encoding === "gzip") return gzipSync(text);
  return typeof text === "string" ? Buffer.from(text) : text;
}

/** The JSON text's bytes back from `encodeJson`'s output (to make another encoding of an answer kept encoded). */
export function decodeJson(payload: Buffer, encoding: JsonEncoding): Buffer {
  if (encoding === "br") return brotliDecompressSync(payload);
  if (encoding === "gzip") return gunzipSync(payload);
  return payload;
}

/**
 * Sends bytes prepared by `encodeJson` (JSON, or a page's HTML) in one write with its
 * Content-Length, for an answer made whole in memory on a hot path (the search, a visitor's kept
 * page). The compression middleware streams instead: a zlib stream per answer, chunked encoding
 * and a write for the headers, each chunk and the end, which was a quarter of the search's CPU
 * (docs/performance-log.md, 26 November 2026, evening). The middleware leaves an answer that
 * already has a Content-Encoding alone.
 */
export function sendEncoded(
  req: Request,
  res: Response,
  encoding: JsonEncoding,
  payload: Buffer,
  contentType = "application/json; charset=utf-8",
): void {
  res.setHeader("Content-Type", contentType);
  res.vary("Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", payload.length);
  res.end(req.method === "HEAD" ? undefined : payload);
}
