/** The brotli and gzip forms of a text, each only when it is worth it (smaller, and the text over 1 KB). */
export function compressBuffer(source: Buffer): Promise<{ br?: Buffer; gzip?: Buffer }>;
