import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh directory under the system's temp dir, for a test's files. */
export function tempDir(prefix = 'server-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}
