// Proof of work for strict mode (altcha-lib, the ALTCHA project's own library): each challenge carries a
// task that the browser solves off its main thread. A solution proves CPU time was spent on this very
// challenge; it is bound to the challenge id, signed, expires with the challenge, and counts once.
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { randomInt } from 'node:crypto';
import { WORK_DEFAULTS, WORK_LIMITS } from './policy';

export const WORK_ALGORITHM = 'SHA-256';
/** SHA-256 rounds per counter tried: the unit of work. */
export const WORK_ROUNDS = 2;

// The default costs and the bounds of the operator's settings (WORK_DEFAULTS, WORK_LIMITS) are in policy.ts.

export interface WorkSettings {
  /** Max counter of the task every strict challenge carries (CAPTCHA_WORK_COST). */
  puzzle: number;
  /** Max counter of the accessible path's task (CAPTCHA_ACCESSIBLE_WORK_COST); null: the path is off. */
  accessible: number | null;
}

/**
 * Reads CAPTCHA_WORK_COST, CAPTCHA_ACCESSIBLE (on|off) and CAPTCHA_ACCESSIBLE_WORK_COST, pushing a clear
 * message into `problems` for each bad value (the server's config refuses to start on any).
 */
export function readWorkSettings(read: (name: string) => string | undefined, problems: string[]): WorkSettings {
  const cost = (name: string, fallback: number) => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
    if (!(value >= WORK_LIMITS.min && value <= WORK_LIMITS.max)) {
      problems.push(`${name} must be an integer from ${WORK_LIMITS.min} to ${WORK_LIMITS.max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };
  const puzzle = cost('CAPTCHA_WORK_COST', WORK_DEFAULTS.puzzle);
  const switched = (read('CAPTCHA_ACCESSIBLE') ?? 'on').trim().toLowerCase();
  if (switched !== 'on' && switched !== 'off') problems.push(`CAPTCHA_ACCESSIBLE must be on or off, got "${switched}"`);
  const accessible = cost('CAPTCHA_ACCESSIBLE_WORK_COST', Math.max(WORK_DEFAULTS.accessible, puzzle));
  if (switched !== 'off' && accessible < puzzle) {
    problems.push(`CAPTCHA_ACCESSIBLE_WORK_COST (${accessible}) must not be below CAPTCHA_WORK_COST (${puzzle}): the path without the picture would be the cheaper one`);
  }
  return { puzzle, accessible: switched === 'off' ? null : accessible };
}

export interface WorkTask {
  parameters: Challenge['parameters'];
  signature: string;
}

export interface WorkSolution {
  counter: number;
  derivedKey: string;
}

export type WorkRefusal = 'missing' | 'malformed' | 'other_challenge' | 'other_kind' | 'cheap' | 'expired' | 'tampered' | 'wrong' | 'spent';
/** Which path a task was made for, signed into it: the puzzle's cheap task never stands in for the accessible one. */
export type WorkKind = 'puzzle' | 'accessible';

/**
 * A task bound to one challenge: the solver tries counters from 0 up to a secret one drawn uniformly from
 * [0, maxCounter), so the expected work is maxCounter / 2 tries of WORK_ROUNDS hashes.
 */
export async function createWorkTask(
  secret: string,
  challengeId: string,
  expiresAtMs: number,
  maxCounter: number,
  kind: WorkKind = 'puzzle',
  /** How many times the cost was doubled for the caller's failures; signed in, checked on the answer. */
  doublings = 0,
): Promise<WorkTask> {
  const challenge = await createChallenge({
    algorithm: WORK_ALGORITHM,
    cost: WORK_ROUNDS,
    counter: randomInt(0, Math.max(1, maxCounter)),
    deriveKey,
    expiresAt: Math.floor(expiresAtMs / 1000),
    data: { cid: challengeId, kind, d: doublings },
    hmacSignatureSecret: secret,
  });
  return { parameters: challenge.parameters, signature: challenge.signature! };
}

const MAX_FIELD = 512;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The submitted work, or why it cannot even be checked. Nothing a client sends can make this throw. */
export function readWork(value: unknown): { task: WorkTask; solution: WorkSolution } | { refusal: 'missing' | 'malformed' } {
  if (value === undefined || value === null) return { refusal: 'missing' };
  if (!isRecord(value) || !isRecord(value.task) || !isRecord(value.solution) || !isRecord(value.task.parameters)) return { refusal: 'malformed' };
  const { task, solution } = value;
  const parameters = task.parameters as Record<string, unknown>;
  const text = (field: unknown) => typeof field === 'string' && field.length <= MAX_FIELD;
  if (!text(task.signature) || !text(solution.derivedKey) || !Number.isSafeInteger(solution.counter)) return { refusal: 'malformed' };
  if (!text(parameters.nonce) || !text(parameters.salt) || !text(parameters.keyPrefix) || parameters.algorithm !== WORK_ALGORITHM) return { refusal: 'malformed' };
  if (JSON.stringify(value).length > 4096) return { refusal: 'malformed' };
  return {
    task: { parameters: parameters as unknown as WorkTask['parameters'], signature: task.signature as string },
    solution: { counter: solution.counter as number, derivedKey: solution.derivedKey as string },
  };
}

/**
 * Checks work submitted for one challenge: signed by us, for this challenge id, doubled at least
 * `minDoublings` times (a task fetched before the caller's latest failures is too cheap now), not expired,
 * solved, and never used before (`spendOnce` keeps the signature until the task's expiry, in whichever
 * store is in use).
 */
export async function checkWork(
  secret: string,
  challengeId: string,
  submitted: unknown,
  spendOnce: (key: string, ttlMs: number) => Promise<boolean>,
  kind: WorkKind = 'puzzle',
  minDoublings = 0,
): Promise<WorkRefusal | null> {
  const work = readWork(submitted);
  if ('refusal' in work) return work.refusal;
  if (work.task.parameters.data?.cid !== challengeId) return 'other_challenge';
  if (work.task.parameters.data?.kind !== kind) return 'other_kind';
  const doublings = work.task.parameters.data?.d;
  if ((typeof doublings === 'number' ? doublings : 0) < minDoublings) return 'cheap';
  let result;
  try {
    result = await verifySolution({ challenge: work.task, solution: work.solution, deriveKey, hmacSignatureSecret: secret });
  } catch {
    return 'malformed'; // a parameter altcha-lib refuses (a cost it cannot run, a bad key length)
  }
  if (result.expired) return 'expired';
  if (result.invalidSignature) return 'tampered';
  if (!result.verified) return 'wrong';
  const ttlMs = Math.max(1000, (work.task.parameters.expiresAt ?? 0) * 1000 - Date.now() + 1000);
  return (await spendOnce(`work:${work.task.signature}`, ttlMs)) ? null : 'spent';
}
