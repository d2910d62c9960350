// The ledger's verdict on a registration, from what the gateway knew at its pass and what the ledger has seen
// of its network since: pure rules, no store, no clock (every time is given). docs/ledger.md says what each
// verdict asks of the operator; docs/decisions/registrations-ledger-with-verdicts.md why each rule and number.
import type { PassFacts } from '@game-register/gateway';
import { TOKEN_TTL_MS } from '@game-register/gateway/policy';

export type Verdict = 'clear' | 'review' | 'suspect';
export const VERDICTS: readonly Verdict[] = ['clear', 'review', 'suspect'];

/** Why an entry is not clear, each a fact the operator can check. */
export type VerdictReason =
  | 'hosting_as' // its network is a cloud or hosting AS
  | 'own_level_attacked' // its own network or address was at level 3 at the pass (judged under attack): its own answers raised it
  | 'own_level_guarded' // at level 2 by its own answers (the guarded picture)
  | 'own_level_raised' // at level 1 by its own answers
  | 'carriers_surge' // the carriers' floor was up (passes across the site's carrier /24s far above their baseline), no campaign announced
  | 'under_attack' // the operator's "under attack" switch set its level
  | 'answer_near_floor' // the pass came back within NEAR_FLOOR_MS of the least a person takes
  | 'accessible_raised' // 无障碍验证 on a network already raised
  | 'cluster' // clusterSize() or more registrations from its network within CLUSTER.windowMs
  | 'network_rose' // its network rose to the guarded picture (level 2) within REJUDGE_WINDOW_MS after it
  | 'network_attacked' // its network rose to level 3 (judged under attack) within REJUDGE_WINDOW_MS after it
  | 'surge_before_floor'; // a carrier /24's registration within REJUDGE_WINDOW_MS before the carriers' floor rose

export interface Judgement {
  verdict: Verdict;
  reasons: VerdictReason[];
}

/**
 * A cluster: this many registrations from one /24 (IPv6 /48, hosting AS) within the window, this one included. A
 * carrier's network is many people's: a usual day brings a handful a minute to a busy /24, so it takes three a
 * minute for ten minutes; during a campaign the operator announced, none (tens a minute are expected).
 */
export const CLUSTER = { windowMs: 10 * 60_000, review: 10, carrierReview: 30 } as const;
/** The registrations that make a cluster on a network of `kind` (null: not known, strict mode off), `campaign` on or not. */
export const clusterSize = (kind: string | null, campaign: boolean): number =>
  kind !== 'carrier' ? CLUSTER.review : campaign ? Number.POSITIVE_INFINITY : CLUSTER.carrierReview;
/**
 * A registration written this long after its network rose (or the carriers' floor did) with a pass from before it
 * is judged as those before the rise: a pass token lives 2 minutes (TOKEN_TTL_MS), and a solver spends it later.
 */
export const LATE_MS = TOKEN_TTL_MS;
/** A pass this close to the least a person takes (ms) is a script's timing more often than a person's. */
export const NEAR_FLOOR_MS = 500;
/**
 * When a network rises to the guarded picture (or the carriers' floor rises), its registrations this long before
 * are judged again: the levels read a network's answers over at most ten minutes (240 passes in ten minutes is
 * a carrier /24's hot mark), so the accounts that made the rise are within it.
 */
export const REJUDGE_WINDOW_MS = 10 * 60_000;

const RANK: Readonly<Record<Verdict, number>> = { clear: 0, review: 1, suspect: 2 };
/**
 * Suspect: a cloud's network, or a network judged under attack (level 3: failures on the guarded picture, which
 * people pass). Level 2 alone is rate: a busy carrier NAT's people reach it too (60 answers a minute on one /24),
 * so it asks for review.
 */
const SUSPECT: ReadonlySet<VerdictReason> = new Set(['hosting_as', 'own_level_attacked', 'network_attacked']);

/** The verdict the reasons make: suspect for one of SUSPECT, review for any other, else clear. */
export function verdictOf(reasons: readonly VerdictReason[]): Verdict {
  if (reasons.some((reason) => SUSPECT.has(reason))) return 'suspect';
  return reasons.length > 0 ? 'review' : 'clear';
}

const judged = (reasons: VerdictReason[]): Judgement => {
  const unique = [...new Set(reasons)];
  return { verdict: verdictOf(unique), reasons: unique };
};

/** The reasons a pass's facts give (none without facts: strict mode off, or a pass from before the ledger). */
export function passReasons(pass: PassFacts | null): VerdictReason[] {
  if (pass === null) return [];
  const reasons: VerdictReason[] = [];
  if (pass.kind === 'hosting') reasons.push('hosting_as');
  if (pass.cause === 'own')
    reasons.push(pass.level >= 3 ? 'own_level_attacked' : pass.level === 2 ? 'own_level_guarded' : 'own_level_raised');
  if (pass.kind === 'carrier' && pass.carriers >= 1 && pass.campaign === null) reasons.push('carriers_surge');
  if (pass.cause === 'under_attack') reasons.push('under_attack');
  if (pass.answeredInMs !== null && pass.fitsMs !== null && pass.answeredInMs - pass.fitsMs < NEAR_FLOOR_MS)
    reasons.push('answer_near_floor');
  if (pass.path === 'accessible' && pass.level >= 1) reasons.push('accessible_raised');
  return reasons;
}

/**
 * A new entry's judgement: its pass's reasons, and its network's cluster (`networkEntries`: its registrations within
 * CLUSTER.windowMs, this one included).
 */
export function judge(pass: PassFacts | null, networkEntries: number): Judgement {
  const clustered = networkEntries >= clusterSize(pass?.kind ?? null, pass?.campaign != null);
  return judged([...passReasons(pass), ...(clustered ? (['cluster'] as const) : [])]);
}

/** What happened after an entry that judges it again. */
export type Afterwards =
  | { event: 'network_rose'; network: string; level: number; at: number }
  | { event: 'carriers_rose'; at: number }
  | { event: 'cluster'; network: string; at: number };

/**
 * Whether `afterwards` concerns an entry of `network` (its kind) written at `at`: within the window before it, or
 * (a network's or the carriers' rise) written within LATE_MS after it.
 */
export function concerns(afterwards: Afterwards, entry: { network: string; kind: string | null; at: number }): boolean {
  const late = afterwards.event === 'cluster' ? 0 : LATE_MS;
  const within =
    entry.at <= afterwards.at + late && afterwards.at - entry.at <= (afterwards.event === 'cluster' ? CLUSTER.windowMs : REJUDGE_WINDOW_MS);
  if (!within) return false;
  if (afterwards.event === 'carriers_rose') return entry.kind === 'carrier';
  return entry.network === afterwards.network && (afterwards.event === 'cluster' || afterwards.level >= 2);
}

/** An entry judged again after `afterwards` (concerns() said it applies): its reasons and the new one; a verdict never goes down. */
export function rejudge(previous: Judgement, afterwards: Afterwards): Judgement {
  const added: VerdictReason =
    afterwards.event === 'network_rose'
      ? afterwards.level >= 3
        ? 'network_attacked'
        : 'network_rose'
      : afterwards.event === 'cluster'
        ? 'cluster'
        : 'surge_before_floor';
  const next = judged([...previous.reasons, added]);
  return RANK[next.verdict] >= RANK[previous.verdict] ? next : { ...next, verdict: previous.verdict };
}
