import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

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

function helmetOptions(contentSecurityPolicy: ContentSecurityPolicyDirectives) {
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
  /** Registers helmet on the root instance: its hooks then apply to every route. */
  register(app: FastifyInstance): Promise<void>;
  /** Sets the same headers on an answer Fastify gives before routing, where no hook runs. */
  setHeaders(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * The security headers of every answer, chosen once here for the API, the static files
 * and the host's pages (helmet's onRequest hook runs before any route, 404s included):
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`
 * (a partner's site sees the portal's origin, never the visitor's search), the
 * Content-Security-Policy, frame and cross-origin-opener protection, no `X-Powered-By`.
 */
export function securityHeaders(
  contentSecurityPolicy: ContentSecurityPolicyDirectives,
): SecurityHeaders {
  const settings = helmetOptions(contentSecurityPolicy);
  const middleware = helmet(settings);
  return {
    async register(app) {
      // Called on the root instance, not as a child plugin: helmet is encapsulation-free.
      await app.register(fastifyHelmet, settings);
    },
    setHeaders(request, reply) {
      middleware(request.raw, reply.raw, () => undefined);
    },
  };
}
