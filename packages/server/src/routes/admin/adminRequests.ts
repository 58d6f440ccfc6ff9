/**
 * What every admin route shares: which token made a request (for the log, never the token
 * itself) and the answers to a write that failed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenMatch } from '../../http/checkBearerToken';
import { sendProblem } from '../../http/sendProblem';
import { DirectoryImportError } from '../../store/DirectoryImportError';
import { SourceUnavailableError } from '../../store/PartnerSource';

const tokenOf = new WeakMap<FastifyRequest, TokenMatch>();

export function rememberToken(request: FastifyRequest, match: TokenMatch): void {
  tokenOf.set(request, match);
}

/** Logs a write with which token made it: its place in ADMIN_TOKEN and its fingerprint. */
export function logWrite(
  request: FastifyRequest,
  fields: Record<string, unknown>,
  message: string,
): void {
  const token = tokenOf.get(request);
  request.log.info(
    { ...fields, tokenIndex: token?.index, tokenFingerprint: token?.fingerprint },
    message,
  );
}

export const UNAVAILABLE_TITLE =
  'the partner database is not available: nothing was changed; try again later';

function formatPath(path: readonly (string | number)[]): string {
  return path.map((part) => String(part)).join('.');
}

/** Import problems as one 400 title: each names its field and the rule it breaks. */
function describeImportIssues(error: DirectoryImportError, pathPrefix: number): string {
  const sentences = error.issues
    .slice(0, 3)
    .map((issue) => `${formatPath(issue.path.slice(pathPrefix))}: ${issue.message}`);
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '';
  return `${sentences.join('; ')}${more}; nothing was changed`;
}

/** 400 for a write the import rules refused, 503 for a database away; rethrows the rest. */
export async function answerWriteFailure(
  reply: FastifyReply,
  error: unknown,
  pathPrefix: number,
): Promise<FastifyReply> {
  if (error instanceof DirectoryImportError) {
    return sendProblem(reply, 400, describeImportIssues(error, pathPrefix));
  }
  if (error instanceof SourceUnavailableError) return sendProblem(reply, 503, UNAVAILABLE_TITLE);
  throw error;
}
