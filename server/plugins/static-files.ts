import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Site, SiteFile } from '../site/built-files';
import { errorAnswer } from '@game-register/gateway/answers';

type Encoding = 'br' | 'gzip';

/** The best encoding both sides have: the client's q-values decide, brotli wins ties; null for the plain file. */
export function chooseEncoding(acceptEncoding: string | undefined, file: Pick<SiteFile, Encoding>): Encoding | null {
  if (!acceptEncoding || (!file.br && !file.gzip)) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => (file[name] ? (weights.get(name) ?? weights.get('*') ?? 0) : 0);
  const [br, gzip] = [weight('br'), weight('gzip')];
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/** The route whose page the bare domain answers with: the app sends / there (src/app/hydrate.tsx). */
const HOME_PAGE_ROUTE = '/register';

/**
 * The URL path of the file answering a GET that matched no file: a page for HTML routes, null for a 404.
 * `/` gets the register page's prerendered HTML, so an ad pointing at the bare domain paints before any script.
 */
export function htmlPageFor(url: string, pages: Map<string, string>): string | null {
  const path = url.split('?', 1)[0]!.replace(/(.)\/+$/, '$1');
  if (path === '/') return pages.get(HOME_PAGE_ROUTE) ?? pages.get('/') ?? null;
  if (/^\/(api|assets|downloads)(\/|$)/.test(path)) return null;
  if (/\.\w+$/.test(path) && !path.endsWith('.html')) return null;
  return pages.get(path) ?? pages.get('/') ?? null;
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: SiteFile) {
  const encoding = chooseEncoding(request.headers['accept-encoding'], file);
  const etag = `"${file.etag}${encoding ? `-${encoding}` : ''}"`;
  reply.header('content-type', file.type).header('cache-control', file.cacheControl).header('etag', etag);
  if (file.br || file.gzip) reply.header('vary', 'accept-encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? file[encoding] : file.identity);
}

/**
 * The built app, from memory: precompressed variants when accepted, immutable hashed assets, revalidated
 * HTML; routes without a file get their prerendered page or index.html. Anything else unknown: JSON 404.
 * Any host name gets the same site: the domains a deployment is reached by change too often to list.
 */
export default fp<{ site: () => Pick<Site, 'files' | 'pages'> }>(
  async function staticFiles(fastify, { site }) {
    fastify.get('/*', (request, reply) => {
      // One snapshot per answer: a SIGHUP swaps the whole site at once, never half of one answer.
      const { files, pages } = site();
      const file = files.get(request.url.split('?', 1)[0]!) ?? files.get(htmlPageFor(request.url, pages) ?? '');
      return file ? sendFile(request, reply, file) : reply.code(404).send(errorAnswer(404));
    });
    fastify.setNotFoundHandler((_request, reply) => reply.code(404).send(errorAnswer(404)));
  },
  { name: 'static-files' },
);
