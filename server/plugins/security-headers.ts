import fp from 'fastify-plugin';
import type { Site } from '../site/built-files';

type PolicySource = Pick<Site, 'styleElementHashes' | 'styleAttributeHashes'> & { imgHosts: string[] };

export interface SecurityHeadersOptions {
  /** The site in service (its inline styles and picture hosts): it changes when the settings are re-read. */
  site: () => PolicySource;
  /** Only behind a trusted proxy can a request be known to have come over HTTPS. */
  trustsProxy: boolean;
}

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()';
export const HSTS = 'max-age=31536000';

/** The CSP: everything from this origin only, no inline script; the build's own inline styles by hash. */
export function contentSecurityPolicy({
  site,
  imgHosts,
}: {
  site: Pick<Site, 'styleElementHashes' | 'styleAttributeHashes'>;
  imgHosts: string[];
}): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'", ...site.styleElementHashes],
    ['img-src', "'self'", 'data:', 'blob:', ...imgHosts],
    ['font-src', "'self'"],
    ['connect-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  // Prerendered markup may carry style attributes: allow exactly those, nothing injected later.
  if (site.styleAttributeHashes.length > 0) directives.push(['style-src-attr', "'unsafe-hashes'", ...site.styleAttributeHashes]);
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/**
 * Security headers on every answer, computed once (the CSP once per site in service; helmet's set, minus the legacy ones): CSP,
 * nosniff, referrer and permissions policies, no framing, cross-origin isolation of the window and
 * resources; HSTS on answers to HTTPS requests.
 */
export default fp<SecurityHeadersOptions>(
  async function securityHeaders(fastify, { site, trustsProxy }) {
    const policies = new WeakMap<PolicySource, string>();
    const policyOf = (source: PolicySource) => {
      let policy = policies.get(source);
      if (policy === undefined) policies.set(source, (policy = contentSecurityPolicy({ site: source, imgHosts: source.imgHosts })));
      return policy;
    };
    const headers = {
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': PERMISSIONS_POLICY,
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-permitted-cross-domain-policies': 'none',
    };
    fastify.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers).header('content-security-policy', policyOf(site()));
      if (trustsProxy && request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done();
    });
  },
  { name: 'security-headers' },
);
