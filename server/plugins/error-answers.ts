import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { errorAnswer } from '@game-register/gateway/answers';

/**
 * Turns thrown errors (bad bodies, limits, validation, bugs) into JSON answers in the API's own shape, with the
 * gateway's texts (one table for both: a visitor cannot tell which side answered); only 5xx are logged as errors.
 */
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
