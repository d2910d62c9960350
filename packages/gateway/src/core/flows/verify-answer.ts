// Verify a puzzle's answer: count it before judging it (the lock), take its puzzle, check its work, judge it
// (rules/answer-judgement.ts: where a registration's pass is judged), settle the counts, take the pass from its
// network's allowance and sign the pass. One result: refused, bad request, wrong, or passed with its token.
import { MIN_DRAG_TRAIL, type VerifyRequest } from '@game-register/puzzle-captcha/protocol';
import { isRefusal, type admission, type FetchedBy } from './admission';
import type { passIssuer } from './pass-issue';
import type { CaptchaStore } from '../ports';
import { judgePuzzleAnswer } from '../rules/answer-judgement';
import type { AnswerFacts, GatewayEvents } from '../rules/events';
import { CHALLENGE_TTL_MS, WORK_ESCALATION } from '../rules/policy';
import { answerSeconds } from '../rules/timing';
import { checkWork } from '../work';
import { BAD_REQUEST, refusedWith, WRONG, type VerifyResult } from './results';

export interface VerifyOptions {
  store: CaptchaStore;
  events: GatewayEvents;
  now: () => number;
  admission: ReturnType<typeof admission>;
  /** Issues a pass's token with its facts kept (pass-issue.ts). */
  issuePass: ReturnType<typeof passIssuer>;
}

/** `layout`: the puzzle's, to read the drag's travel by (drawing/pictures.ts). */
export function answerVerifier(
  { store, events, now, admission, issuePass }: VerifyOptions,
  layout: Parameters<typeof judgePuzzleAnswer>[0]['layout'],
) {
  /** `ip`: the answering client's address, as the host read it. */
  return async (ip: string, { id, offsetX, trail, work, timing: reported }: VerifyRequest): Promise<VerifyResult> => {
    const at = now();
    // Both at once (two store round trips in flight, not one after the other). The challenge is spent
    // whatever follows: a locked address cannot answer challenges it fetched before the lock either.
    const [challenge, counted] = await Promise.all([store.takeChallenge(id), admission.countAnswer(ip, at, WORK_ESCALATION.maxSteps)]);
    if (isRefusal(counted)) {
      events.verified('locked', null);
      return refusedWith(counted);
    }
    const live = challenge !== null && challenge.expiresAt > at ? challenge : null;
    if (live === null) {
      // No live puzzle (never issued, spent, expired): it cost its sender nothing, and moves nothing of anyone else's.
      events.verified('expired_or_unknown', null);
      await counted.refused(true);
      return WRONG;
    }
    const fetchedBy: FetchedBy = { address: live.address, network: live.network, kind: live.kind };
    const facts: AnswerFacts = { level: live.level, picture: live.picture, firstTry: counted.firstTry, ...answerSeconds(reported) };
    // The work first: an answer without it cost nothing, so it is judged as nothing, whatever its offset says.
    // Every answer carries the challenge's solved work; a drag also sends its trail, which must look like a hand's.
    const workRefusal = await checkWork(await store.secret(), id, work, admission.spendOnce, 'puzzle', counted.minDoublings);
    if (workRefusal !== null) {
      events.verified('work_refused', facts);
      await counted.refused(false);
      // Only a client that built or altered the task sends these: a plain 400.
      return workRefusal === 'malformed' || workRefusal === 'tampered' ? BAD_REQUEST : WRONG;
    }
    // The work done, the answer itself, timed on the gateway's clock from the puzzle leaving it: what a client cannot fake.
    const issuedAt = live.expiresAt - CHALLENGE_TTL_MS;
    const { failure, timing } = judgePuzzleAnswer({ gapX: live.gapX, offsetX, trail, layout, issuedAt, at });
    await counted.settle(failure === null, fetchedBy, timing);
    if (failure) {
      events.verified(failure, facts);
      return WRONG;
    }
    // A pass takes back only its own count: the failures before it fade with time, not with one lucky answer.
    // Its token comes from the allowance of the network that fetched the puzzle, whoever answers.
    const quota = await admission.passRefusal(fetchedBy, live.level);
    if (quota !== null) return refusedWith(quota);
    events.verified('passed', facts);
    const path = trail.length >= MIN_DRAG_TRAIL ? 'drag' : 'keys_or_tap';
    return { outcome: 'passed', token: await issuePass(ip, { level: live.level, picture: live.picture, path, timing, fetchedBy }) };
  };
}
