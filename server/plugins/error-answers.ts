import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import type { Answer } from '../routes/api/reference-rules';

const INFO_BY_STATUS: Record<number, string> = {
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

/** Every failure is a JSON answer in the API's own shape, so the client can show `info`. */
export function errorAnswer(statusCode: number): Answer {
  return { status: 'n', info: INFO_BY_STATUS[statusCode] ?? (statusCode < 500 ? '请求无效' : '服务器繁忙，请稍后再试') };
}

/** Turns thrown errors (bad bodies, limits, validation, bugs) into JSON answers; only 5xx are logged as errors. */
export default fp(
  async function errorAnswers(fastify) {
    fastify.setErrorHandler((error: FastifyError, request, reply) => {
      const statusCode = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
      if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.debug({ code: error.code }, 'request refused');
      // A store away (StoreUnavailableError) says when to try again: a Redis failover lasts seconds.
      const retryAfter = (error as FastifyError & { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (statusCode === 503 && typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.code(statusCode).send(errorAnswer(statusCode));
    });
  },
  { name: 'error-answers' },
);
