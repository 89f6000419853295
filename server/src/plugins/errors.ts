// One error shape for every failure (shared-api ErrorBody): 400 lists the fields at fault.
import type { FastifyError, FastifyInstance } from 'fastify';

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

export const notFound = () => new HttpError(404, 'Not found');
export const forbidden = () => new HttpError(403, 'Your role may not call this');

export function registerErrors(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    const statusCode = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    // A 503 of ours (a full analytics pool) is the load being bounded, not a fault: its message says when to retry.
    const busy = err instanceof HttpError && statusCode === 503;
    if (busy) request.log.warn(err.message);
    else if (statusCode >= 500) request.log.error(err);
    const body: Record<string, unknown> = {
      statusCode,
      error: reasons[statusCode] ?? 'Error',
      message: statusCode >= 500 && !busy ? 'Internal server error' : err.message,
    };
    if ('code' in err && err.code) body.code = err.code;
    if (err instanceof HttpError && err.fields) body.fields = err.fields;
    if (err instanceof HttpError && err.params) body.params = err.params;
    if ('validation' in err && err.validation) {
      body.code = 'VALIDATION';
      body.fields = err.validation.map((v) => ({
        field: [err.validationContext, ...(v.instancePath || '').split('/').filter(Boolean)]
          .concat(v.params && 'missingProperty' in v.params ? [String(v.params.missingProperty)] : [])
          .concat(v.params && 'additionalProperty' in v.params ? [String(v.params.additionalProperty)] : [])
          .join('.'),
        message: v.message ?? 'invalid',
      }));
    }
    if (err instanceof HttpError && err.headers) reply.headers(err.headers);
    reply.status(statusCode).send(body);
  });
}
