// Who may ask and answer: the admission of a challenge, the count of an answer before it is judged (the
// lock), the sweep of what has expired. Shared by the flows of both paths (challenge.ts, verify.ts,
// accessible.ts), which answer its refusals as their results: nothing here touches a request or a reply.
import type { Difficulty } from './difficulty';
import type { LevelVerdict } from '../rules/level-decision';
import { accessibleAllowance, answerEvidence, passAllowance, type AnswerTiming } from '../rules/level-decision';
import type { Level } from '../rules/policy';
import type { GatewayEvents } from '../rules/events';
import { addressSubjectOf } from '../rules/networks/address-blocks';
import { isCarrierNat, type JudgedNetwork, type NetworkJudge } from '../rules/networks/network-kind';
import { ADDRESS_FETCHES, CARRIER_NAT_VISITORS, FAILURES_BEFORE_LOCK, LOCK_MS, SWEEP_EVERY_MS } from '../rules/policy';
import type { CaptchaStore, Standing } from '../ports';

export interface AdmissionOptions {
  store: CaptchaStore;
  events: GatewayEvents;
  now: () => number;
  /** Answers with work one network may send per minute, on both paths (NETWORK_ANSWER_LIMIT; the option networkChallenges). */
  networkAnswers: number;
  difficulty: Difficulty;
  /** Each address's network and its kind (rules/networks/network-kind.ts). */
  judge: NetworkJudge;
}

/**
 * Why a caller is refused, for its route to answer 429 with Retry-After: its address is locked, or past its
 * fetches; its network's answered challenges are past its allowance; the network's passes are past its quota.
 */
export type Refusal = { refusal: 'locked' | 'address_fetches' | 'network_challenges' | 'pass_quota'; retryAfterS: number };
const refused = (refusal: Refusal['refusal'], waitMs: number): Refusal => ({ refusal, retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) });
export const isRefusal = (value: object): value is Refusal => 'refusal' in value;

/** A challenge admitted: where its caller stands (its failures), the level it is issued at, and who fetched it (sealed into it). */
export type Admitted = { standing: Standing; verdict: LevelVerdict; fetchedBy: FetchedBy };

/** Who fetched a challenge: its address as levels key it (IPv6: its /64), its network and the network's kind. */
export type FetchedBy = { address: string } & Pick<JudgedNetwork, 'network' | 'kind'>;

/** An answer counted before it is judged: the least doublings its work must show, and how to settle it. */
export interface CountedAnswer {
  minDoublings: number;
  firstTry: boolean;
  refused(ownLevel: boolean): Promise<void>;
  settle(passed: boolean, fetchedBy: FetchedBy | null, timing?: AnswerTiming | null, path?: 'puzzle' | 'accessible'): Promise<void>;
}

/** A network past its allowance of answered challenges asks again after this: its count slides by 10 s buckets. */
const NETWORK_RETRY_MS = 10_000;
/**
 * Addresses this instance has seen refused (locked, or past their fetches), kept at most: the store would refuse
 * them again until then (a refusal counts nothing, so neither ends sooner), so they are refused from memory, with
 * no store round trip. Past this many, the oldest is forgotten (it is asked of the store again).
 */
export const REFUSED_REMEMBERED = 4096;

export function admission({ store, events, now, networkAnswers, difficulty, judge }: AdmissionOptions) {
  /** A solved task counts once: its signature is spent like a pass token, in whichever store is in use. */
  const spendOnce = (key: string, until: number | null) => store.spendToken(key, Math.max(now() + 1000, until ?? 0));
  /**
   * Admits a challenge: where the caller stands, with one more fetch counted for its address (an IPv6 /64),
   * then its level (flows/difficulty.ts). Refused when its address is locked, or fetched past
   * ADDRESS_FETCHES.refuseAt shares (never a carrier NAT address), or its network's answered challenges are past
   * its allowance. A fetch costs nothing, so it counts for its address alone: past its share, the address's
   * work doubles once per share. A refusal of the address (locked, past its fetches) counts nothing and writes
   * nothing; one for its network's allowance has counted the fetch for the address alone. `ip`: the client's
   * address as the host read it; `route`: the route asked, for the events.
   */
  /** Per address: why it was refused and until when (insertion order: the oldest first, forgotten first). */
  const refusedUntil = new Map<string, { refusal: 'locked' | 'address_fetches'; until: number }>();
  const remember = (address: string, refusal: 'locked' | 'address_fetches', until: number) => {
    refusedUntil.delete(address);
    if (refusedUntil.size >= REFUSED_REMEMBERED) refusedUntil.delete(refusedUntil.keys().next().value!);
    refusedUntil.set(address, { refusal, until });
  };
  const admitted = async (ip: string, route: string, at: number): Promise<Admitted | Refusal> => {
    const { network, kind } = judge(ip);
    // The lock and the work's doublings per address as its level is (an IPv6 /64 is one address), with the
    // failures of its network as judged (a hosting network: its whole AS).
    const address = addressSubjectOf(ip);
    // Refused a moment ago, and the store would refuse it again: answered from memory. Under a flood from one
    // address this is most requests; each store round trip it saved held its request's objects long enough to
    // be promoted to the old generation (docs/decisions/refusals-answered-from-memory.md).
    const known = refusedUntil.get(address);
    if (known !== undefined) {
      const left = known.until - (known.refusal === 'locked' ? at : now());
      if (left > 0) {
        if (known.refusal === 'address_fetches') events.rateLimited(route, kind);
        return refused(known.refusal, left);
      }
      refusedUntil.delete(address);
    }
    const nat = isCarrierNat(kind, ip);
    // A pinned level (CAPTCHA_LEVEL: tests and benches that play every visitor from one address) sets the work
    // and never escalates it: no doubling and no refusal for an address's fetches either.
    const pinned = difficulty.pinned !== null;
    const share = pinned ? Number.MAX_SAFE_INTEGER : ADDRESS_FETCHES.share * (nat ? CARRIER_NAT_VISITORS : 1);
    const max = nat || pinned ? Number.MAX_SAFE_INTEGER : share * ADDRESS_FETCHES.refuseAt;
    const { standing, hit } = await store.admitChallenge(address, network, `fetches:${address}`, ADDRESS_FETCHES.windowMs, max);
    if (hit === null || standing.lockedUntil > at) {
      remember(address, 'locked', standing.lockedUntil);
      return refused('locked', standing.lockedUntil - at);
    }
    if (hit.count > max) {
      events.rateLimited(route, kind);
      remember(address, 'address_fetches', hit.endsAt);
      return refused('address_fetches', hit.endsAt - now()); // what is left of the window
    }
    const { verdict, networkAnswered } = await difficulty.challenge(address, { network, kind }, at);
    if (networkAnswered > networkAnswers) {
      events.rateLimited(route, kind);
      return refused('network_challenges', NETWORK_RETRY_MS);
    }
    // A carrier NAT's work is not doubled for its people's failures: its level answers for them (difficulty.ts).
    const own = nat ? { ...standing, failures: 0, networkFailures: 0 } : standing;
    // Past its share of fetches, the address pays: one doubling more per share (work-escalation.ts caps them).
    const pastShare = Math.max(0, Math.ceil(hit.count / share) - 1);
    return { standing: { ...own, failures: own.failures + pastShare }, verdict, fetchedBy: { address, network, kind } };
  };
  /**
   * A right answer's pass, taken from the allowance of the network that fetched its puzzle, at the level it
   * was issued at (无障碍验证's from an allowance of its own): null when granted; otherwise refused until the
   * next pass is there.
   */
  const passRefusal = async (fetchedBy: FetchedBy, level: Level, path: 'puzzle' | 'accessible' = 'puzzle'): Promise<Refusal | null> => {
    // A pinned level sets the picture and the work, never a quota (difficulty.ts).
    const pinned = difficulty.pinned !== null;
    const [key, allowance] =
      path === 'accessible'
        ? [`accessible:${fetchedBy.network}`, accessibleAllowance(fetchedBy.kind, level, pinned)]
        : [`passes:${fetchedBy.network}`, passAllowance(fetchedBy.kind, level, pinned)];
    const { granted, waitMs } = await store.takeAllowance(key, allowance);
    if (granted) return null;
    events.quotaRefused(level, fetchedBy.kind);
    return refused('pass_quota', Number.isFinite(waitMs) ? waitMs : 3600_000);
  };
  /**
   * Counts an answer as a failure before judging it, so that answers sent at once cannot all slip in under
   * the lock. A locked address (locked before, even for challenges it fetched before the lock, or past the
   * lock's threshold now) is refused. Otherwise answers how to settle it and
   * the minimum doublings its work must show (one per failure the address had before it, up to `maxSteps`).
   * One store round trip: the lock is checked in the same atomic step that counts. A carrier's IPv4 address is
   * a NAT of many people: never locked, its work never doubled by their failures.
   */
  const countAnswer = async (ip: string, at: number, maxSteps: number): Promise<CountedAnswer | Refusal> => {
    const address = addressSubjectOf(ip);
    const kind = judge(ip).kind;
    const nat = isCarrierNat(kind, ip);
    const { failures, lockedUntil } = await store.countAttempt(address);
    if (lockedUntil > at) return refused('locked', lockedUntil - at);
    if (failures > FAILURES_BEFORE_LOCK && !nat) {
      await store.settleAttempt(address, null, false, LOCK_MS);
      return refused('locked', LOCK_MS);
    }
    return {
      minDoublings: nat ? 0 : Math.min(maxSteps, failures - 1),
      /** The address had no failure in its window before this answer. */
      firstTry: failures === 1,
      /**
       * Settles an answer that cost its sender nothing: its work missing, not done or not ours, or an answer to
       * no live puzzle (never issued, spent, expired). It counts toward the sender's own lock and nothing else:
       * never a network's failures or level, and nothing at all for a carrier NAT address (its people's). An
       * answer to no live puzzle (`ownLevel`) also counts for the sender's own address's level.
       */
      refused: async (ownLevel: boolean) => {
        if (nat) return;
        await Promise.all([
          store.settleAttempt(address, null, false, LOCK_MS),
          ownLevel ? difficulty.answered(address, null, kind, 'fail', now()) : null,
        ]);
      },
      /**
       * Settles an answer whose work was done, judged: the lock's count (a pass takes its own back), a failure
       * against the network that fetched its puzzle (its neighbours' work doubles with it), and for the levels
       * against the address and network that fetched it (null: a task sealed without them, the sender's address
       * alone). `timing`: from its task leaving the gateway to now, and the least a person takes (null: not
       * known), for answerEvidence.
       */
      settle: async (
        passed: boolean,
        fetchedBy: FetchedBy | null,
        timing: AnswerTiming | null = null,
        path: 'puzzle' | 'accessible' = 'puzzle',
      ) => {
        const { address: subject, network: counted, kind: fetchedKind } = fetchedBy ?? { address, network: null, kind };
        const evidence = answerEvidence(passed, timing);
        await Promise.all([
          store.settleAttempt(address, counted, passed, nat ? 0 : LOCK_MS),
          difficulty.answered(
            subject,
            counted,
            fetchedKind,
            evidence === 'pass' && path === 'accessible' ? 'accessiblePass' : evidence,
            now(),
          ),
        ]);
      },
    };
  };
  let nextSweep = 0;
  const sweep = async (at: number) => {
    if (at < nextSweep) return;
    nextSweep = at + SWEEP_EVERY_MS;
    await store.sweep();
  };
  return { admitted, countAnswer, passRefusal, sweep, spendOnce };
}
