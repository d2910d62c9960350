// Who may ask and answer: the admission of a challenge, the count of an answer before it is judged (the
// lock), the sweep of what has expired. Shared by the puzzle's and the accessible path's routes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorAnswer } from './answers';
import type { Difficulty, LevelVerdict } from './difficulty/engine';
import type { GatewayEvents } from './events';
import { addressSubjectOf, networkOf } from './network';
import { FAILURES_BEFORE_LOCK, LOCK_MS, NETWORK_CHALLENGE_LIMIT, SWEEP_EVERY_MS } from './policy';
import type { CaptchaStore, Standing } from './store';

export interface AdmissionOptions {
  store: CaptchaStore;
  events: GatewayEvents;
  now: () => number;
  /** Challenges one network may fetch per NETWORK_CHALLENGE_LIMIT.windowMs. */
  networkChallenges: number;
  difficulty: Difficulty;
}

/** A challenge admitted: where its caller stands (its failures) and the level it is issued at. */
export type Admitted = { standing: Standing; verdict: Extract<LevelVerdict, { admitted: true }> };

export function admission({ store, events, now, networkChallenges, difficulty }: AdmissionOptions) {
  /** A solved task counts once: its signature is spent like a pass token, in whichever store is in use. */
  const spendOnce = (key: string, ttlMs: number) => store.spendToken(key, now() + ttlMs);
  const tooMany = (reply: FastifyReply, waitMs: number) => {
    reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
    void reply.code(429).send(errorAnswer(429));
  };
  /**
   * Admits a challenge: where the caller stands, with one more challenge counted for its network, then its
   * level (difficulty/engine.ts). Null once its 429 is sent: its address is locked (nothing counted), its
   * network asked for too many, or had as many passes this hour as its level allows. (Not the reply itself: a
   * reply is a thenable, and awaiting one waits for the send.)
   */
  const admitted = async (request: FastifyRequest, at: number, reply: FastifyReply): Promise<Admitted | null> => {
    // The lock and the work's doublings are kept per address as its level is: an IPv6 /64 is one address.
    const [address, network] = [addressSubjectOf(request.ip), networkOf(request.ip)];
    const { standing, hit } = await store.admitChallenge(address, network, `challenges:net:${network}`, NETWORK_CHALLENGE_LIMIT.windowMs);
    if (hit === null || standing.lockedUntil > at) {
      tooMany(reply, standing.lockedUntil - at);
      return null;
    }
    if (hit.count > networkChallenges) {
      events.rateLimited(request.routeOptions.url ?? 'captcha');
      tooMany(reply, hit.endsAt - now()); // what is left of the window
      return null;
    }
    const verdict = await difficulty.challenge(address, network, at);
    if (verdict.admitted) return { standing, verdict };
    events.quotaRefused(verdict.level);
    tooMany(reply, verdict.retryAfterMs);
    return null;
  };
  /**
   * Counts an answer as a failure before judging it, so that answers sent at once cannot all slip in under
   * the lock. A locked address (locked before, even for challenges it fetched before the lock, or past the
   * lock's threshold now) is refused: its 429 sent, and null answered. Otherwise answers how to settle it and
   * the minimum doublings its work must show (one per failure the address had before it, up to `maxSteps`).
   * One store round trip: the lock is checked in the same atomic step that counts.
   */
  const countAnswer = async (ip: string, at: number, reply: FastifyReply, maxSteps: number) => {
    const [address, network] = [addressSubjectOf(ip), networkOf(ip)];
    const { failures, lockedUntil } = await store.countAttempt(address, network);
    if (lockedUntil > at) {
      tooMany(reply, lockedUntil - at);
      return null;
    }
    if (failures > FAILURES_BEFORE_LOCK) {
      await store.settleAttempt(address, network, false, LOCK_MS);
      tooMany(reply, LOCK_MS);
      return null;
    }
    return {
      minDoublings: Math.min(maxSteps, failures - 1),
      /** The address had no failure in its window before this answer. */
      firstTry: failures === 1,
      /** Settles the lock's count, and counts the answer for the levels (address and network) at once. */
      settle: async (passed: boolean) => {
        await Promise.all([store.settleAttempt(address, network, passed, LOCK_MS), difficulty.answered(address, network, passed, now())]);
      },
    };
  };
  let nextSweep = 0;
  const sweep = async (at: number) => {
    if (at < nextSweep) return;
    nextSweep = at + SWEEP_EVERY_MS;
    await store.sweep();
  };
  return { admitted, countAnswer, sweep, spendOnce };
}
