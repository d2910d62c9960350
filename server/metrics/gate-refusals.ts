import type { FastifyRequest } from 'fastify';
import type { TokenRefusal } from '@game-register/gateway';

/** The requests the captcha gate refused, and why: the funnel labels their answers from this, not from their text. */
const refusals = new WeakMap<FastifyRequest, TokenRefusal>();

export const noteGateRefusal = (request: FastifyRequest, refusal: TokenRefusal) => void refusals.set(request, refusal);
export const gateRefusalOf = (request: FastifyRequest): TokenRefusal | null => refusals.get(request) ?? null;
