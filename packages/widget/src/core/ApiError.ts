import { formatText } from './log';
import type { LogText } from './logTexts';

/** Why a call to the partners API failed. The message says it in words for the console. */
export type ApiErrorKind =
  /** The request was aborted on purpose (a newer search, or the page went away); the message is `METHOD /path`. */
  | 'aborted'
  /** No answer: offline, DNS, CORS, ... */
  | 'network'
  /** An answer with a status outside 200-299. */
  | 'http'
  /** A 2xx answer whose body is not JSON. */
  | 'notJson'
  /** JSON, but not the shape of the contract. */
  | 'shape';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** HTTP status when there was an answer. */
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * An ApiError whose message is the text in words: its words are a chunk (core/logTexts.ts),
 * loaded when a call fails, so the error is whole by the time anyone reads its message.
 */
export async function createApiError(
  kind: Exclude<ApiErrorKind, 'aborted'>,
  text: LogText,
  status: number | null,
  cause?: unknown,
): Promise<ApiError> {
  return new ApiError(kind, await formatText(text), status, { cause });
}
