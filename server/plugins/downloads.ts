import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { basename, extname } from 'node:path';

export const DOWNLOAD_TYPES: Record<string, string> = {
  '.apk': 'application/vnd.android.package-archive',
  '.mobileconfig': 'application/x-apple-aspen-config',
  '.ipa': 'application/octet-stream',
};

/** `attachment` with an ASCII name for old clients and the exact UTF-8 name (RFC 6266) for the rest. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const utf8 = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/** The operator's downloads/ folder at /downloads/, always as attachments; files can be swapped while running. */
export default fp<{ dir: string }>(
  async function downloads(fastify, { dir }) {
    await fastify.register(fastifyStatic, {
      root: dir,
      prefix: '/downloads/',
      decorateReply: false,
      index: false,
      dotfiles: 'ignore',
      cacheControl: false,
      suppressWarning: true,
      allowedPath: (path) => basename(path) !== 'README.md',
      setHeaders(reply, path) {
        const type = DOWNLOAD_TYPES[extname(path).toLowerCase()];
        if (type) reply.header('content-type', type);
        reply.header('content-disposition', attachmentDisposition(basename(path)));
        reply.header('cache-control', 'no-cache');
      },
    });
  },
  { name: 'downloads' },
);
