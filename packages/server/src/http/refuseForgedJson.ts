import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { hasValidXsrfToken } from './hasValidXsrfToken';
import { sendProblem } from './sendProblem';

function isJson(contentType: string | undefined): boolean {
  // The page's fetch sends exactly this: no split and no copies on every search.
  if (contentType === 'application/json') return true;
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * An `onRequest` hook for a public POST: 403 without the anti-forgery header equal to the
 * cookie, 400 for a body that is not JSON, both before the body is read. The search and
 * the contact calls use it.
 */
export function refuseForgedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  if (!hasValidXsrfToken(request.headers)) {
    sendProblem(
      reply,
      403,
      'the X-XSRF-TOKEN header is missing or does not match the XSRF-TOKEN cookie',
    );
  } else if (!isJson(request.headers['content-type'])) {
    sendProblem(reply, 400, 'Content-Type must be application/json');
  } else {
    done();
  }
}
