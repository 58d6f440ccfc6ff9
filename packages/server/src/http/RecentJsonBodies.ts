import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';

/** Bodies kept at once: a few hundred distinct searches cover what visitors ask most. */
const MAX_BODIES = 512;
/** Longer bodies (hundreds of filter ids) are parsed each time and not kept. */
const MAX_KEPT_LENGTH = 2048;

/**
 * A route's JSON bodies and their checked values, kept by the body's text for the bodies
 * sent most lately: every visitor's first search sends the same few hundred bytes, and
 * parsing them (JSON, then the zod schema) cost about 5 µs of each answer. An identical
 * text gets the same parsed body and the same result: what a new parse would give, since
 * both depend on the text alone. Both are frozen, so no request can change what the next
 * one is given. A body that is not kept (too long, or not an object) is parsed as before.
 */
export class RecentJsonBodies<Result extends { success: boolean }> {
  readonly #check: (body: unknown) => Result;
  readonly #bodies = new LRUCache<string, object>({ max: MAX_BODIES });
  readonly #results = new WeakMap<object, Result>();

  /** `check`: the route's check of a body (a zod schema's `safeParse`). */
  constructor(check: (body: unknown) => Result) {
    this.#check = check;
  }

  /**
   * Parses `application/json` bodies of the plugin's routes (register it inside the plugin:
   * Fastify keeps a parser to the plugin that adds it) with Fastify's own JSON parser, so a
   * malformed or poisoned body is refused as before; the parsed ones are kept by their text.
   */
  register(app: FastifyInstance): void {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
      const key = typeof text === 'string' ? text : text.toString();
      const kept = this.#bodies.get(key);
      if (kept !== undefined) {
        done(null, kept);
        return;
      }
      parseJson(request, key, (error, body: unknown) => {
        if (!error && key.length <= MAX_KEPT_LENGTH && typeof body === 'object' && body) {
          this.#bodies.set(key, deepFreeze(body));
        }
        done(error, body);
      });
    });
  }

  /** The check's result for a request's body: computed once for a kept body. */
  check(body: unknown): Result {
    const known = typeof body === 'object' && body ? this.#results.get(body) : undefined;
    if (known) return known;
    const result = this.#check(body);
    // Refusals are not kept: they are rare, and their error is made lazily.
    if (result.success && typeof body === 'object' && body && Object.isFrozen(body)) {
      this.#results.set(body, deepFreeze(result));
    }
    return result;
  }
}

/**
 * Freezes a parsed value and everything in it (JSON: objects and arrays only). Arrays are
 * walked by index and objects with `for...in` (own enumerable keys: parsed JSON and zod's
 * output have no inherited ones), not with `Object.values`: every first ask freezes its body
 * and its checked criteria, and an array per object was garbage of each (about 320 B per
 * body of the bench's cold mix). Not `for...in` over arrays: it makes a string per index (a
 * body of 500 filter ids took 28 µs and 4 KB, against 4 µs and none by index).
 */
function deepFreeze<Value>(value: Value): Value {
  freezeAll(value);
  return value;
}

function freezeAll(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (let at = 0; at < value.length; at += 1) freezeAll(value[at]);
  } else {
    for (const key in value) freezeAll(Reflect.get(value, key));
  }
}
