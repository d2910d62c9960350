// Issue a challenge, on either path: admitted (flows/admission.ts), its level decided, its task signed and, for
// the puzzle, its picture taken and its gap kept in the store. One result: the challenge, refused, or busy.
import { randomBytes } from 'node:crypto';
import type { ChallengeResponse, WorkTask } from '@game-register/puzzle-captcha/protocol';
import { isRefusal, type admission } from './admission';
import type { CaptchaStore, PuzzleSource } from '../ports';
import type { GatewayEvents } from '../rules/events';
import type { NetworkJudge } from '../rules/networks/network-kind';
import { BUSY_RETRY_AFTER_S, CHALLENGE_TTL_MS, WORK_ESCALATION } from '../rules/policy';
import { escalatedWorkCost, workDoublings } from '../rules/work-escalation';
import { createWorkTask, type WorkSettings } from '../work';
import { refusedWith, type Busy, type Refused } from './results';

export interface IssueOptions {
  store: CaptchaStore;
  events: GatewayEvents;
  now: () => number;
  admission: ReturnType<typeof admission>;
  networkJudge: NetworkJudge;
  /** The proof-of-work costs (CAPTCHA_WORK_COST, CAPTCHA_ACCESSIBLE_WORK_COST; accessible null: off). */
  work: WorkSettings;
}

/** Who asks: the client's address as the host read it, and the route asked (for the events). */
export interface Asker {
  ip: string;
  route: string;
}

/** Every field of a puzzle's answer but its pictures, which go as the bytes they were drawn into. */
export type ChallengeHead = Omit<ChallengeResponse, 'background' | 'piece'>;
export type ChallengeResult = Refused | Busy | { outcome: 'challenge'; head: ChallengeHead; pictureFields: Uint8Array };

const BUSY: Busy = { outcome: 'busy', retryAfterS: BUSY_RETRY_AFTER_S };

/** The puzzle: `layout`, the picture's size and the piece's (drawing/pictures.ts). */
export function puzzleIssuer(
  { store, events, now, admission, networkJudge, work }: IssueOptions,
  puzzles: PuzzleSource,
  layout: { width: number; height: number; pieceSize: number },
) {
  return async ({ ip, route }: Asker, pixelRatio: number): Promise<ChallengeResult> => {
    const at = now();
    // Drawing first, shared: while it runs short here, a network past its share waits, before anything is
    // counted (a refusal moves no level, budget or floor). Not short: a count in memory, nothing more.
    const { network, kind } = networkJudge(ip);
    if (!puzzles.admit(network, pixelRatio)) {
      events.rateLimited(route, kind);
      return BUSY;
    }
    const admitted = await admission.admitted(ip, route, at);
    if (isRefusal(admitted)) return refusedWith(admitted);
    // Counted for the share only now: a fetch admission refused (a locked address's) is handed no puzzle.
    puzzles.took(network);
    const { standing, verdict, fetchedBy } = admitted;
    const { level, picture } = verdict;
    await admission.sweep(at);
    // From the stock when it has one: its expiry and one-time take start here, as a fresh puzzle's do.
    const drawn = await puzzles.take(pixelRatio, picture);
    if (drawn === null) return BUSY;
    const id = randomBytes(16).toString('base64url');
    const expiresAt = at + CHALLENGE_TTL_MS;
    const doublings = workDoublings(standing);
    const secret = await store.secret();
    // The store's round trip and the work's signature at once: neither needs the other.
    // The level and picture sealed twice: in the stored challenge (its answer is judged and counted by them)
    // and in the signed task, where a client can read them but never choose an easier one.
    const cost = escalatedWorkCost(work.puzzle * verdict.policy.workFactor, doublings);
    const [, task] = await Promise.all([
      store.putChallenge(id, { gapX: drawn.gapX, expiresAt, level, picture, ...fetchedBy }),
      createWorkTask(secret, id, expiresAt, cost, 'puzzle', doublings, { level, picture }),
    ]);
    events.challengeIssued({ level, picture, holdout: verdict.holdout, doublings });
    const head: ChallengeHead = {
      work: task,
      accessible: work.accessible !== null,
      id,
      pieceY: drawn.gapY,
      width: layout.width,
      height: layout.height,
      pieceSize: layout.pieceSize,
      expiresAt,
    };
    return { outcome: 'challenge', head, pictureFields: drawn.pictureFields };
  };
}

export type AccessibleChallengeResult =
  Refused | { outcome: 'challenge'; id: string; work: WorkTask; maxCounter: number; expiresAt: number };

/** 无障碍验证's task: a harder task alone, whose solution is the whole answer (`accessibleMax`: its cost at level 0). */
export function accessibleIssuer({ store, events, now, admission }: IssueOptions, accessibleMax: number) {
  return async ({ ip, route }: Asker): Promise<AccessibleChallengeResult> => {
    const at = now();
    const admitted = await admission.admitted(ip, route, at);
    if (isRefusal(admitted)) return refusedWith(admitted);
    const { standing, verdict, fetchedBy } = admitted;
    const id = randomBytes(16).toString('base64url');
    const expiresAt = at + CHALLENGE_TTL_MS;
    const doublings = workDoublings(standing, WORK_ESCALATION.accessibleMaxSteps);
    const maxCounter = escalatedWorkCost(accessibleMax * verdict.policy.accessibleWorkFactor, doublings);
    const task = await createWorkTask(await store.secret(), id, expiresAt, maxCounter, 'accessible', doublings, {
      level: verdict.level,
      picture: 'none',
      fetchedBy,
      issuedAt: at,
    });
    events.challengeIssued({ level: verdict.level, picture: 'none', holdout: false, doublings });
    return { outcome: 'challenge', id, work: task, maxCounter, expiresAt };
  };
}
