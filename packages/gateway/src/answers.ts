// The package's own answers: the API's `{"status","info"}` shape and the texts the app shows (zh-CN),
// the same as the host's error answers, so a visitor cannot tell which side answered.
import { Type, type Static } from 'typebox';

/** Every answer that is not a challenge or a pass: `y`/`n` and a message. */
export const AnswerSchema = Type.Object({ status: Type.Enum(['y', 'n']), info: Type.String() });
export type Answer = Static<typeof AnswerSchema>;

const INFO_BY_STATUS: Readonly<Record<400 | 429 | 503, string>> = {
  400: '参数格式不正确',
  429: '请求过于频繁，请稍后再试',
  503: '服务暂时不可用，请稍后再试',
};

/** The answer of a status the routes send themselves. */
export const errorAnswer = (statusCode: keyof typeof INFO_BY_STATUS): Answer => ({ status: 'n', info: INFO_BY_STATUS[statusCode] });

/** A wrong answer to a puzzle or a task: try again. */
export const FAILED_INFO = '验证失败，请重试';
/** The gate's refusal for want of a valid, unspent pass token. */
export const NEEDS_CAPTCHA = { status: 'n', info: '请先完成验证' } as const;
/** The store of spent tokens cannot answer: the token cannot be checked, so the route is refused (fail closed). */
export const GATE_UNAVAILABLE = { status: 'n', info: '验证服务暂时不可用，请稍后再试' } as const;
