// The brotli and gzip forms of a file: for the build's files (scripts/precompress.ts) and the pages the server renders.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The brotli and gzip forms of a text worth compressing (over 1 KB), each only when smaller. */
export async function compressBuffer(source: Buffer): Promise<{ br?: Buffer | undefined; gzip?: Buffer | undefined }> {
  if (source.length < MIN_BYTES) return {};
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br: br.length < source.length ? br : undefined, gzip: gz.length < source.length ? gz : undefined };
}
