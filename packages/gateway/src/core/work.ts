// Proof of work for strict mode (altcha-lib, the ALTCHA project's own library): each challenge carries a
// task that the browser solves off its main thread. A solution proves CPU time was spent on this very
// challenge; it is bound to the challenge id, signed, expires with the challenge, and counts once.
import type { SolvedWork, WorkTask } from '@game-register/puzzle-captcha/protocol';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { randomInt } from 'node:crypto';

/** The one algorithm the protocol's task names (WorkTaskSchema): the widget's solver knows no other. */
export const WORK_ALGORITHM = 'SHA-256' satisfies WorkTask['parameters']['algorithm'];
/** SHA-256 rounds per counter tried: the unit of work. */
export const WORK_ROUNDS = 2;

// The default costs and the bounds of the operator's settings (WORK_DEFAULTS, WORK_LIMITS) are in policy.ts; the host reads its settings.

export interface WorkSettings {
  /** Max counter of the task every strict challenge carries (CAPTCHA_WORK_COST). */
  puzzle: number;
  /** Max counter of the accessible path's task (CAPTCHA_ACCESSIBLE_WORK_COST); null: the path is off. */
  accessible: number | null;
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
  /**
   * The level the challenge was issued at and its picture, signed in (`lv`, `pic`): readable, never choosable;
   * on the path without a stored challenge, who fetched it too (`by`, `net`, `nk`) and when it left (`at`, ms).
   */
  sealed: { level: number; picture: string; fetchedBy?: { address: string; network: string; kind: string }; issuedAt?: number } = {
    level: 0,
    picture: kind === 'puzzle' ? 'plain' : 'none',
  },
): Promise<WorkTask> {
  const challenge = await createChallenge({
    algorithm: WORK_ALGORITHM,
    cost: WORK_ROUNDS,
    counter: randomInt(0, Math.max(1, maxCounter)),
    deriveKey,
    expiresAt: Math.floor(expiresAtMs / 1000),
    data: {
      cid: challengeId,
      kind,
      d: doublings,
      lv: sealed.level,
      pic: sealed.picture,
      ...(sealed.fetchedBy && { by: sealed.fetchedBy.address, net: sealed.fetchedBy.network, nk: sealed.fetchedBy.kind }),
      ...(sealed.issuedAt !== undefined && { at: sealed.issuedAt }),
    },
    hmacSignatureSecret: secret,
  });
  return { parameters: { ...challenge.parameters, algorithm: WORK_ALGORITHM }, signature: challenge.signature! };
}

/** Each field is bounded by the protocol's schema; the whole (the task's data above all) by this. */
const MAX_WORK_JSON = 4096;

/**
 * Checks work submitted for one challenge: signed by us, for this challenge id, doubled at least
 * `minDoublings` times (a task fetched before the caller's latest failures is too cheap now), not expired,
 * solved, and never used before (`spendOnce` keeps the signature until the task's expiry, in whichever
 * store is in use).
 */
export async function checkWork(
  secret: string,
  challengeId: string,
  /** Its shape already checked by the route's schema (the protocol's SolvedWorkSchema). */
  work: SolvedWork | undefined,
  spendOnce: (key: string, until: number | null) => Promise<boolean>,
  kind: WorkKind = 'puzzle',
  minDoublings = 0,
): Promise<WorkRefusal | null> {
  if (work === undefined) return 'missing';
  if (JSON.stringify(work).length > MAX_WORK_JSON) return 'malformed';
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
  // Until a second after the task expires, on the spender's clock (null: a task without an expiry, a second from now).
  const expiresAt = work.task.parameters.expiresAt;
  return (await spendOnce(`work:${work.task.signature}`, expiresAt === undefined ? null : expiresAt * 1000 + 1000)) ? null : 'spent';
}
