// The proof-of-work solver: ALTCHA's SHA-256 task in its deterministic form, written out in a few lines
// (altcha-lib's own solver brings its challenge and verify code along). The key for a counter is
// SHA-256 applied `cost` times to salt || nonce || counter (big-endian uint32), cut to keyLength bytes;
// the task is solved by the first counter whose key starts with keyPrefix. WebCrypto by default; the same code
// runs in a Web Worker, on the main thread and in Node. A page served over plain http (or an old in-app
// browser) has no crypto.subtle: there @noble/hashes' SHA-256 is passed in (its own worker,
// solve-worker-noble.ts, or a chunk fetched by solve-work.ts on the main thread). Nothing here imports it,
// so the WebCrypto worker stays small whatever the app's bundler does with dynamic imports in workers.

import type { WorkSolution, WorkTask } from '../protocol/schemas';

// The task as the server sends it and its solution: the protocol's shapes, declared there once.
export type { WorkSolution, WorkTask };

export interface SolveOptions {
  signal?: AbortSignal;
  /** Called about every `progressEvery` counters with how many were tried. */
  onProgress?: (tried: number) => void;
  progressEvery?: number;
  /** Where to stop looking (the server draws the counter below this); null: the uint32 limit. */
  maxCounter?: number;
  /** The SHA-256 to use; WebCrypto's by default. */
  digest?: Digest;
}

const hexToBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (byte) => parseInt(byte, 16));
const bytesToHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Counters hashed at once. */
const BATCH = 16;

export class WorkAborted extends Error {
  constructor() {
    super('work aborted');
    this.name = 'WorkAborted';
  }
}

/** One SHA-256: WebCrypto's answers a promise, @noble/hashes' answers at once. */
export type Digest = (data: Uint8Array<ArrayBuffer>) => Promise<Uint8Array<ArrayBuffer>> | Uint8Array<ArrayBuffer>;

/** Whether this context has WebCrypto's digest (a secure context: https, or localhost). */
export const hasWebCrypto = () => globalThis.crypto?.subtle !== undefined;

/** WebCrypto's SHA-256 (the default; without WebCrypto, pass @noble/hashes' as `digest`, see solve-work.ts). */
export const webCryptoDigest: Digest = async (data) => new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', data));

/** A synchronous digest would hold the thread for the whole solve: give way this often (in counters). */
const YIELD_EVERY = 1024;

/** Solves a task; rejects with WorkAborted when the signal fires, and with an Error for a task it cannot solve. */
export async function solveTask(
  task: WorkTask,
  { signal, onProgress, progressEvery = 500, maxCounter = 2 ** 32, digest = webCryptoDigest }: SolveOptions = {},
): Promise<WorkSolution> {
  const { algorithm, nonce, salt, cost, keyLength, keyPrefix } = task.parameters;
  if (algorithm !== 'SHA-256' || !/^[0-9a-f]+$/i.test(keyPrefix) || !Number.isInteger(cost) || cost < 1 || cost > 1000) {
    throw new Error('unsupported work task');
  }
  const saltBytes = hexToBytes(salt);
  const nonceBytes = hexToBytes(nonce);
  const prefix = keyPrefix.toLowerCase();
  const keyFor = async (counter: number) => {
    const input = new Uint8Array(saltBytes.length + nonceBytes.length + 4);
    input.set(saltBytes, 0);
    input.set(nonceBytes, saltBytes.length);
    new DataView(input.buffer).setUint32(saltBytes.length + nonceBytes.length, counter, false);
    let key: Uint8Array<ArrayBuffer> = input;
    for (let round = 0; round < cost; round += 1) key = await digest(key);
    return bytesToHex(key.subarray(0, keyLength));
  };
  // Each digest is a round trip to the browser's crypto thread, so one at a time the solver mostly waits:
  // BATCH counters in flight at once keep it busy. The lowest matching counter of a batch is the answer.
  for (let start = 0; start < maxCounter; start += BATCH) {
    if (start % YIELD_EVERY === 0 && start > 0) await new Promise((resume) => setTimeout(resume, 0));
    if (signal?.aborted) throw new WorkAborted();
    const counters = Array.from({ length: Math.min(BATCH, maxCounter - start) }, (_, i) => start + i);
    const keys = await Promise.all(counters.map(keyFor));
    for (const [i, key] of keys.entries()) {
      const counter = start + i;
      if (key.startsWith(prefix)) return { counter, derivedKey: key };
      if (onProgress && counter % progressEvery === progressEvery - 1) onProgress(counter + 1);
    }
  }
  throw new Error('work task has no solution below its limit');
}
