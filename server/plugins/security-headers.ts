import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { Site } from '../site';

export interface SecurityHeadersOptions {
  site: Pick<Site, 'styleElementHashes' | 'styleAttributeHashes'>;
  imgHosts: string[];
  /** Only behind a trusted proxy can a request be known to have come over HTTPS. */
  trustsProxy: boolean;
}

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()';
export const HSTS = 'max-age=31536000';

/** CSP, nosniff, referrer and permissions policies on every answer; HSTS on answers to HTTPS requests. */
export default fp<SecurityHeadersOptions>(
  async function securityHeaders(fastify, { site, imgHosts, trustsProxy }) {
    const directives: Record<string, string[]> = {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", ...site.styleElementHashes],
      'img-src': ["'self'", 'data:', 'blob:', ...imgHosts],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    };
    // Prerendered markup may carry style attributes; allow exactly those, nothing injected later.
    if (site.styleAttributeHashes.length > 0) directives['style-src-attr'] = ["'unsafe-hashes'", ...site.styleAttributeHashes];

    await fastify.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives },
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
    });
    fastify.addHook('onRequest', (request, reply, done) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (trustsProxy && request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done();
    });
  },
  { name: 'security-headers' },
);
