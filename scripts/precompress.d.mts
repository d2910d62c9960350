/** Compresses every file worth it under dir (.br and .gz beside each); returns the paths written. */
export function precompressDir(dir: string): Promise<string[]>;

