import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { REQUEST_ID_HEADER } from './requestIds';

/** CSP directives as helmet takes them: `{ 'default-src': ["'none'"] }`. */
export type ContentSecurityPolicyDirectives = Record<string, string[]>;

/**
 * The API's own policy: its answers are JSON, problems and SVG logos, none of which may
 * load anything or be framed. A host that serves pages (the demo) passes its own.
 */
export const API_CONTENT_SECURITY_POLICY: ContentSecurityPolicyDirectives = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** What helmet is given: the answers carry exactly what its middleware sets for these. */
export function helmetOptions(contentSecurityPolicy: ContentSecurityPolicyDirectives) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    // The widget's script and the logos may be loaded from another origin (a portal that
    // hosts the script apart from the API): same-origin would block them.
    crossOriginResourcePolicy: { policy: 'cross-origin' as const },
    // HSTS belongs to whatever terminates TLS in front of this server, which knows the
    // domain's subdomains; sent over plain HTTP it would be ignored anyway.
    strictTransportSecurity: false,
  };
}

export interface SecurityHeaders {
  /** The headers, by lower-case name, as helmet sets them. */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * Sets them, and the request's id (`X-Request-Id`), on every answer of the app: one hook
   * on the root instance, before any route (one hook, not one per header kind: each hook
   * costs Fastify a step on every request).
   */
  register(app: FastifyInstance): void;
  /** Sets the same headers on an answer Fastify gives before routing, where no hook runs. */
  setHeaders(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * What helmet's middleware sets for these settings, read once from a response it was run
 * on: with fixed directives its headers are the same for every request, and helmet (or
 * `@fastify/helmet`, which builds helmet's middleware again for every request) would
 * otherwise parse and check the directives on each of them.
 */
function helmetOutput(settings: ReturnType<typeof helmetOptions>): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(settings)(response.req, response, () => undefined);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * The security headers of every answer, chosen once here for the API, the static files
 * and the host's pages (the hook runs before any route, 404s included):
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`
 * (a partner's site sees the portal's origin, never the visitor's search), the
 * Content-Security-Policy, frame and cross-origin-opener protection, no `X-Powered-By`
 * (Fastify sends none). Helmet computes them, once, when the app is built.
 */
export function securityHeaders(
  contentSecurityPolicy: ContentSecurityPolicyDirectives,
): SecurityHeaders {
  const headers = Object.freeze(helmetOutput(helmetOptions(contentSecurityPolicy)));
  // Listed once: `reply.headers(headers)` would make an array of the names on every request.
  const names = Object.keys(headers);
  const values = Object.values(headers);
  const setHeaders = (request: FastifyRequest, reply: FastifyReply) => {
    for (let index = 0; index < names.length; index += 1) {
      reply.header(names[index] ?? '', values[index]);
    }
    reply.header(REQUEST_ID_HEADER, request.id);
  };
  return {
    headers,
    register(app) {
      app.addHook('onRequest', (request, reply, done) => {
        setHeaders(request, reply);
        done();
      });
    },
    setHeaders,
  };
}
