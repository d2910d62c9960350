// The API's answers: the `{"status","info"}` shape and the text the app shows (zh-CN) for every status an
// answer can have, the gateway's own and its host's: a host that answers its errors with `errorAnswer` (this
// repository's server does) answers as the gateway does, so a visitor cannot tell which side answered.
// Exported alone as `@game-register/gateway/answers` (no canvas, no threads) for a host's own routes.
import { Type, type Static } from 'typebox';

/** Every answer that is not a challenge or a pass: `y`/`n` and a message. */
export const AnswerSchema = Type.Object({ status: Type.Enum(['y', 'n']), info: Type.String() });
export type Answer = Static<typeof AnswerSchema>;

/** The text of each status an answer is sent with: the gateway's own (400, 429, 503) and its host's. */
export const INFO_BY_STATUS: Readonly<Record<number, string>> = {
  400: '参数格式不正确',
  404: '接口不存在',
  405: '请求方式不支持',
  408: '请求超时',
  413: '请求内容过大',
  415: '不支持的内容类型',
  429: '请求过于频繁，请稍后再试',
  431: '请求头过多',
  501: '不支持的协议升级',
  502: '服务暂时不可用，请稍后再试',
  503: '服务暂时不可用，请稍后再试',
  504: '服务响应超时，请稍后再试',
};

/** The answer of a failure with this status; a status without a text of its own says a client's (4xx) or the server's (5xx) failure. */
export const errorAnswer = (statusCode: number): Answer => ({
  status: 'n',
  info: INFO_BY_STATUS[statusCode] ?? (statusCode < 500 ? '请求无效' : '服务器繁忙，请稍后再试'),
});

/** A wrong answer to a puzzle or a task: try again. */
export const FAILED_INFO = '验证失败，请重试';
/** The gate's refusal for want of a valid, unspent pass token. */
export const NEEDS_CAPTCHA = { status: 'n', info: '请先完成验证' } as const;
/** The store of spent tokens cannot answer: the token cannot be checked, so the route is refused (fail closed). */
export const GATE_UNAVAILABLE = { status: 'n', info: '验证服务暂时不可用，请稍后再试' } as const;
