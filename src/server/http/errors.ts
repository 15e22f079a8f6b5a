import type { ErrorRequestHandler, RequestHandler } from "express";
import { ZodError } from "zod";
import type { ErrorBody } from "../../contract/errors";
import { ErrorCode, INTERNAL_ERROR_MESSAGE } from "../../contract/error-basics";

/** An expected failure: answered with its status and `{message, code, field?}`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, ErrorCode.VALIDATION, message, field);
export const unauthorized = () => new AppError(401, ErrorCode.UNAUTHORIZED, "Unauthorized");
export const forbidden = (message = "You do not have permission to do that.") => new AppError(403, ErrorCode.FORBIDDEN, message);
export const notFound = (message = "Not found") => new AppError(404, ErrorCode.NOT_FOUND, message);
export const conflict = (message: string, field?: string) => new AppError(409, ErrorCode.CONFLICT, message, field);
/** A 409 with its own domain code (contract/errors.ts): a refusal the client acts on, not just shows. */
export const refused = (code: ErrorCode, message: string) => new AppError(409, code, message);

/** The first failing field's message (DESIGN.md 5). */
export function fromZodError(error: ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.join(".") : undefined;
  return badRequest(issue?.message ?? "Invalid request", field);
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(notFound(`No route for ${req.method} ${req.path}`));
};

type Logger = { error: (obj: object, msg?: string) => void };

/** One error middleware for the whole API. Anything unexpected is logged and answered 500 without internals. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    let error: AppError;
    if (err instanceof AppError) error = err;
    else if (err instanceof ZodError) error = fromZodError(err);
    else if (isBodyParserError(err)) {
      error =
        err.type === "entity.too.large"
          ? new AppError(413, ErrorCode.VALIDATION, "Request body is too large")
          : badRequest("Request body is not valid JSON");
    } else if (isClientStatusError(err)) {
      error = new AppError(err.status, ErrorCode.VALIDATION, err.expose && err.message ? err.message : "Bad request");
    } else {
      logger.error({ err, reqId: (req as { id?: unknown }).id }, "unhandled error");
      error = new AppError(500, ErrorCode.INTERNAL, INTERNAL_ERROR_MESSAGE);
    }
    if (res.headersSent) return;
    // DESIGN.md 5 fixes the signed-out answer to the letter: 401 {"message":"Unauthorized"}.
    const body: ErrorBody = error.status === 401 ? { message: error.message } : { message: error.message, code: error.code };
    if (error.field) body.field = error.field;
    res.status(error.status).json(body);
  };
}

function isBodyParserError(err: unknown): err is { type: string } {
  return typeof err === "object" && err !== null && "type" in err && typeof (err as { type: unknown }).type === "string" && "status" in err;
}

function isClientStatusError(err: unknown): err is { status: number; expose?: boolean; message: string } {
  if (typeof err !== "object" || err === null) return false;
  const status = (err as { status?: unknown; statusCode?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}
