import type { FastifyReply } from 'fastify';
import type { Problem } from '@partners-network/contract';

const STATUS_NAMES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** Error answers in the portal's style: {"status":"NOT_FOUND","title":"..."}. */
export function sendProblem(reply: FastifyReply, statusCode: number, title: string): FastifyReply {
  const problem: Problem = { status: STATUS_NAMES[statusCode] ?? 'ERROR', title };
  return reply.code(statusCode).header('Cache-Control', 'no-store').send(problem);
}
