import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { SourceUnavailableError } from '../store/PartnerSource';
import { RateLimitedError } from './rateLimit';
import { sendProblem } from './sendProblem';

/** Fastify's own 4xx errors, reworded for the client; their messages are not passed on. */
function titleFor(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'request body is too large';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'request body is empty: send a JSON object, or no Content-Type when there is no body';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Content-Type must be application/json';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return 'request body is not valid JSON';
    default:
      return error instanceof SyntaxError ? 'request body is not valid JSON' : 'bad request';
  }
}

/**
 * Every error becomes a problem body: client errors a 400 with a clear title, the
 * rest a 500 logged in full and answered without stack trace or file path.
 */
export function handleError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof SourceUnavailableError) {
    // Only what is not in memory yet needs the database (an unknown site, a write).
    request.log.warn({ err: error }, 'the partner database does not answer');
    return sendProblem(reply, 503, 'the partner database is not available; try again later');
  }
  const statusCode = error.statusCode ?? 500;
  if (error instanceof RateLimitedError) {
    request.log.info({ statusCode }, 'rate limited');
    return sendProblem(reply, 429, error.message);
  }
  if (statusCode >= 400 && statusCode < 500) {
    request.log.info({ code: error.code, statusCode }, 'bad request');
    return sendProblem(reply, 400, titleFor(error));
  }
  request.log.error({ err: error }, 'request failed');
  return sendProblem(reply, 500, 'The server could not answer; please try again later');
}
