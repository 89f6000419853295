// One error shape for every failure (shared-api ErrorBody): 400 lists the fields at fault. A database error that is
// the caller's input answers 400 (or 409) naming the field when it can be known (server/src/db/input-errors.ts);
// no answer carries a SQLSTATE or the database's words, and a real 5xx says only 'Internal server error'.
import {
  DATE_MAX,
  DATE_MIN,
  DATE_OPTIONAL_TIME_PATTERN,
  DATE_PATTERN,
  DATE_TIME_PATTERN,
  NO_NUL_PATTERN,
  NOT_BLANK_PATTERN,
} from '@patrimonio/shared-api/constants';
import type { FastifyError, FastifyInstance } from 'fastify';
import { inputError, isDatabaseError } from '../db/input-errors.ts';

export interface FieldError {
  field: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** For a 400: the fields at fault, as schema validation reports them. */
    readonly fields?: FieldError[],
    /** The details of `code`, for the portal's translated message (e.g. the counts of a 409). */
    readonly params?: Record<string, string | number>,
    /** Headers of the answer (Retry-After of a 503). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A 400 for checks beyond the schema (check characters, cross-field rules): names the fields at fault. */
export const badRequest = (
  fields: FieldError[],
  message = 'Invalid input',
  code = 'VALIDATION',
  params?: Record<string, string | number>,
) => new HttpError(400, message, code, fields, params);

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** What the contract's shared patterns mean, instead of Ajv's "must match pattern" and the expression. */
const PATTERN_MESSAGES: Record<string, string> = {
  [DATE_PATTERN]: `must be a date from ${DATE_MIN} to ${DATE_MAX} (YYYY-MM-DD)`,
  [DATE_TIME_PATTERN]: `must be a date and time from ${DATE_MIN} to ${DATE_MAX} (YYYY-MM-DD HH:mm)`,
  [DATE_OPTIONAL_TIME_PATTERN]: `must be a date from ${DATE_MIN} to ${DATE_MAX} (YYYY-MM-DD, optionally HH:mm)`,
  [NO_NUL_PATTERN]: 'must not contain the NUL character',
  [NOT_BLANK_PATTERN]: 'must not be blank nor contain the NUL character',
};

export const notFound = () => new HttpError(404, 'Not found');
export const forbidden = () => new HttpError(403, 'Your role may not call this');

export function registerErrors(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    const input = inputError(err, { body: request.body, querystring: request.query, params: request.params });
    if (input) {
      request.log.warn({ err }, 'the database refused the input');
      const { statusCode, code, message, fields } = input;
      reply
        .status(statusCode)
        .send({ statusCode, error: reasons[statusCode], message, code, ...(fields.length ? { fields } : {}) });
      return;
    }
    const statusCode = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    // A 503 of ours (a full analytics or upload pool) is the load being bounded, not a fault: its message says when
    // to retry.
    const busy = err instanceof HttpError && statusCode === 503;
    if (busy) request.log.warn(err.message);
    else if (statusCode >= 500) request.log.error(err);
    const body: Record<string, unknown> = {
      statusCode,
      error: reasons[statusCode] ?? 'Error',
      message: statusCode >= 500 && !busy ? 'Internal server error' : err.message,
    };
    // The application's own codes always; a library's (Fastify's FST_...) below 500; a SQLSTATE never.
    if (err instanceof HttpError ? err.code : statusCode < 500 && 'code' in err && err.code && !isDatabaseError(err)) {
      body.code = err.code;
    }
    if (err instanceof HttpError && err.fields) body.fields = err.fields;
    if (err instanceof HttpError && err.params) body.params = err.params;
    if ('validation' in err && err.validation) {
      body.code = 'VALIDATION';
      // One entry per field (a date out of range fails its pattern and its format: the first says it).
      const fields = new Map<string, string>();
      for (const v of err.validation) {
        const field = [err.validationContext, ...(v.instancePath || '').split('/').filter(Boolean)]
          .concat(v.params && 'missingProperty' in v.params ? [String(v.params.missingProperty)] : [])
          .concat(v.params && 'additionalProperty' in v.params ? [String(v.params.additionalProperty)] : [])
          .join('.');
        const pattern = v.keyword === 'pattern' ? PATTERN_MESSAGES[String(v.params?.pattern)] : undefined;
        if (!fields.has(field)) fields.set(field, pattern ?? v.message ?? 'invalid');
      }
      body.fields = [...fields].map(([field, message]) => ({ field, message }));
    }
    if (err instanceof HttpError && err.headers) reply.headers(err.headers);
    reply.status(statusCode).send(body);
  });
}
