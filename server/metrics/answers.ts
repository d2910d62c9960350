// How the funnel reads an answer of the backend's three calls: a check's verdict, reg's outcome and its
// refusal's reason, each a bounded label.
import type { TokenRefusal } from '@game-register/gateway';

export type FunnelCall = 'checkuser' | 'checktel' | 'reg';
export type CheckVerdict = 'y' | 'n' | 'error';
export type RegOutcome =
  'registered' | 'refused' | 'gate_refused' | 'gate_unavailable' | 'backend_error' | 'timeout' | 'rate_limited' | 'bad_request';

/** The puzzle's steps in the funnel, as the app tells them (api/handlers/funnel-beacon.ts). */
export type PuzzleStep = 'shown' | 'passed';

/** Why the backend refused a registration, from its `info` text; anything unknown is `other`. */
export const REFUSAL_REASONS: Readonly<Record<string, string>> = {
  用户名已存在: 'name_taken',
  该手机号已注册: 'phone_taken',
  手机号格式不正确: 'phone_invalid',
  请输入用户名: 'missing_field',
  请输入密码: 'missing_field',
  请输入手机号: 'missing_field',
  两次密码不一致: 'password_mismatch',
};
const refusalReason = (info: unknown) => {
  if (typeof info !== 'string') return 'other';
  if (info.includes('不能超过')) return 'too_long';
  return REFUSAL_REASONS[info] ?? 'other';
};

function statusOf(body: string | Buffer | undefined): unknown {
  if (body === undefined) return undefined;
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (text.length > 4096) return undefined; // the calls answer a few dozen bytes: anything else is not theirs
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The verdict of a checkuser/checktel answer as the browser reads it: y, n, or no verdict at all. */
export function checkVerdict(status: number, body: string | Buffer | undefined): CheckVerdict {
  const answer = statusOf(body) as { status?: unknown } | undefined;
  if (status !== 200 || !answer) return 'error';
  return answer.status === 'y' ? 'y' : answer.status === 'n' ? 'n' : 'error';
}

/** A reg answer's outcome, and for a refusal its reason. */
export function regOutcome(
  status: number,
  body: string | Buffer | undefined,
  gate: TokenRefusal | null = null,
): { outcome: RegOutcome; reason: string } {
  if (status === 429) return { outcome: 'rate_limited', reason: 'none' };
  if (status === 504) return { outcome: 'timeout', reason: 'none' };
  if (status >= 500) return { outcome: 'backend_error', reason: 'none' };
  if (status >= 400) return { outcome: 'bad_request', reason: 'none' };
  const answer = statusOf(body) as { status?: unknown; info?: unknown } | undefined;
  if (!answer || (answer.status !== 'y' && answer.status !== 'n')) return { outcome: 'backend_error', reason: 'none' };
  if (answer.status === 'y') return { outcome: 'registered', reason: 'none' };
  if (gate === 'unavailable') return { outcome: 'gate_unavailable', reason: 'none' };
  if (gate !== null) return { outcome: 'gate_refused', reason: 'none' };
  return { outcome: 'refused', reason: refusalReason(answer.info) };
}
