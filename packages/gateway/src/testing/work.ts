// Solves strict mode's proof-of-work task as a script farm would: ALTCHA's SHA-256 task (the key for a
// counter is SHA-256 applied `cost` times to salt || nonce || counter as a big-endian uint32, cut to
// keyLength bytes; solved by the first counter whose key starts with keyPrefix), with Node's native
// SHA-256 on one core: cheaper per counter than the browser's WebCrypto, so the cost it reports is what
// an attacker pays, not what a phone pays. Also measures that cost in CPU seconds (process.cpuUsage).
import { createHash } from 'node:crypto';

/** Where the solver gives up when the task names no limit (the uint32 counter's range). */
const NO_LIMIT = 2 ** 32;

/** CPU seconds (user + system) of this process since `since` (a process.cpuUsage() reading). */
export function cpuSecondsSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}

/** A task as a challenge carries it (the fields the solver reads). */
export interface WorkTaskLike {
  parameters: { algorithm: string; nonce: string; salt: string; cost: number; keyLength: number; keyPrefix: string };
  signature?: string;
}

export interface SolvedWork {
  task: WorkTaskLike;
  solution: { counter: number; derivedKey: string };
}

/** Solves an ALTCHA SHA-256 task with Node's native SHA-256, and measures the CPU it took. */
export function solveWork(
  task: WorkTaskLike,
  { maxCounter = NO_LIMIT }: { maxCounter?: number } = {},
): { counter: number; derivedKey: string; cpuSeconds: number } {
  const started = process.cpuUsage();
  const { algorithm, nonce, salt, cost, keyLength, keyPrefix } = task.parameters;
  if (algorithm !== 'SHA-256' || !/^[0-9a-f]+$/i.test(keyPrefix)) throw new Error(`unsupported work task ${algorithm}`);
  const head = Buffer.concat([Buffer.from(salt, 'hex'), Buffer.from(nonce, 'hex')]);
  const input = Buffer.alloc(head.length + 4);
  head.copy(input, 0);
  const prefixHex = keyPrefix.toLowerCase();
  // The first byte the key must start with (or its high nibble, for a one-digit prefix): a cheap test first.
  const firstByte = parseInt(prefixHex.slice(0, 2), 16);
  const firstShift = prefixHex.length >= 2 ? 0 : 4;
  const rounds = Math.max(1, cost);
  for (let counter = 0; counter < maxCounter; counter += 1) {
    input.writeUInt32BE(counter, head.length);
    let key = createHash('sha256').update(input).digest();
    for (let round = 1; round < rounds; round += 1) key = createHash('sha256').update(key).digest();
    if (key[0]! >> firstShift !== firstByte) continue;
    const derivedKey = key.subarray(0, keyLength).toString('hex');
    if (derivedKey.startsWith(prefixHex)) return { counter, derivedKey, cpuSeconds: cpuSecondsSince(started) };
  }
  throw new Error('work task has no solution below its limit');
}

/** The verify body's `work`: the task as the server sent it and its solution. */
export function solvedWork(task: WorkTaskLike, options: { maxCounter?: number } = {}): { work: SolvedWork; cpuSeconds: number } {
  const { counter, derivedKey, cpuSeconds } = solveWork(task, options);
  return { work: { task, solution: { counter, derivedKey } }, cpuSeconds };
}
