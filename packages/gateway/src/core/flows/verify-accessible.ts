// Verify 无障碍验证's answer: the solved task is the whole answer. Counted before it is judged (the lock), its work
// checked, the counts settled, the pass taken from its network's allowance of its own and signed. One result:
// refused, bad request, wrong, or passed with its token.
import type { AccessibleVerifyRequest, SolvedWork } from '@game-register/puzzle-captcha/protocol';
import { isRefusal, type FetchedBy } from './admission';
import type { AnswerFacts } from '../rules/events';
import { accessibleFitsMs, type AnswerTiming } from '../rules/level-decision';
import { clampLevel } from '../rules/levels';
import { kindOf } from '../rules/networks/network-kind';
import { WORK_ESCALATION } from '../rules/policy';
import { answerSeconds } from '../rules/timing';
import { checkWork } from '../work';
import { BAD_REQUEST, refusedWith, WRONG, type VerifyResult } from './results';
import type { VerifyOptions } from './verify-answer';

/** The level sealed into a task that checkWork found signed by us (its `lv`). */
const sealedLevel = (work: SolvedWork) => clampLevel(Number(work.task.parameters.data?.lv ?? 0));
/**
 * How long a solved task took, from when it left (its sealed `at`) to now, against the least a browser needs for
 * the tries its counter shows; null for a task sealed without `at`.
 */
const timingOf = (work: SolvedWork, now: number): AnswerTiming | null => {
  const issuedAt = work.task.parameters.data?.at;
  return typeof issuedAt === 'number' ? { answeredInMs: now - issuedAt, fitsMs: accessibleFitsMs(work.solution.counter) } : null;
};
/** Who fetched a task that checkWork found signed by us (`by`, `net`, `nk`); null for a task without them. */
const sealedFetcher = (work: SolvedWork): FetchedBy | null => {
  const data = work.task.parameters.data ?? {};
  return typeof data.by === 'string' && typeof data.net === 'string'
    ? { address: data.by, network: data.net, kind: kindOf(String(data.nk)) }
    : null;
};

export function accessibleVerifier({ store, events, now, admission, issuePass }: VerifyOptions) {
  /** `ip`: the answering client's address, as the host read it. */
  return async (ip: string, { id, work, timing: reported }: AccessibleVerifyRequest): Promise<VerifyResult> => {
    const at = now();
    const counted = await admission.countAnswer(ip, at, WORK_ESCALATION.accessibleMaxSteps);
    if (isRefusal(counted)) {
      events.verified('locked', null);
      return refusedWith(counted);
    }
    const secret = await store.secret();
    // The solved task is the whole answer: one missing, not done or not ours cost nothing, and counts for nothing
    // but the sender's own lock (an expired or spent one, like an answer to no live puzzle, for its own level too).
    const refusal = await checkWork(secret, id, work, admission.spendOnce, 'accessible', counted.minDoublings);
    // Signed by us and solved: who fetched it and its level can be believed.
    const fetchedBy = refusal === null ? sealedFetcher(work) : null;
    const timing = refusal === null ? timingOf(work, at) : null;
    if (refusal !== null) await counted.refused(refusal === 'expired' || refusal === 'spent');
    else await counted.settle(true, fetchedBy, timing, 'accessible');
    if (refusal === 'malformed' || refusal === 'missing' || refusal === 'tampered') {
      events.verified('work_refused', null);
      return BAD_REQUEST;
    }
    const facts = (): AnswerFacts => ({
      level: sealedLevel(work),
      picture: 'none',
      firstTry: counted.firstTry,
      ...answerSeconds(reported),
    });
    if (refusal) {
      events.verified(refusal === 'expired' ? 'expired_or_unknown' : 'work_refused', refusal === 'wrong' ? facts() : null);
      return WRONG;
    }
    if (fetchedBy !== null) {
      const quota = await admission.passRefusal(fetchedBy, sealedLevel(work), 'accessible');
      if (quota !== null) return refusedWith(quota);
    }
    events.verified('passed', facts());
    return {
      outcome: 'passed',
      token: await issuePass(ip, { level: sealedLevel(work), picture: 'none', path: 'accessible', timing, fetchedBy }),
    };
  };
}
