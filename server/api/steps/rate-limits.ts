// The /api rate limits: one limiter per budget (api/reading/calls.ts), per address, shared through Redis
// when the instances share it. The pipeline (pipeline.ts) charges each request the budget its reading pays.
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  HOST_ACCESSIBLE_LIMIT,
  CARRIER_NAT_VISITORS,
  createNetworkJudge,
  isCarrierNat,
  shippedOriginAs,
} from '@game-register/gateway/policy';
import type { Budget } from '../reading/calls';
import { backendCallOf } from '../reading/reading';
import type { ServerConfig } from '../../config/config';
import type { Metrics } from '../../metrics/contract';
import type { StrictModeSite } from '../../site/operator-switches';
import { sharedLimitStore, type NamedLimit } from './rate-limit-store';

/** A limiter: throws the 429 (the error handler answers it) when its budget is spent, else counts the request. */
export type Limiter = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface RateLimitOptions {
  rateLimit: ServerConfig['rateLimit'];
  /** The Redis key prefix when the limits are shared (the redis plugin registered), else null: each instance counts alone. */
  sharedPrefix: string | null;
  /** Strict mode's part of the site settings in service: the networks the operator adds (carrier NATs count as many visitors). */
  strictModeSite: () => StrictModeSite;
  metrics: Metrics;
  /** The client's address as the server decided it on arrival (server/client-address.ts): what each limit counts by. */
  clientAddressOf: ClientAddressOf;
}

/** The client's address of a request, decided once by the server as it arrived. */
export type ClientAddressOf = (request: { raw: object }) => string;

/** The rate-limit metric's label: the backend call by name, else the route's pattern (bounded either way). */
function routeLabelOf(request: FastifyRequest): string {
  return backendCallOf(request) ?? request.routeOptions.url ?? 'unmatched';
}

/** Registers the rate-limit plugin on the /api scope and makes one limiter per budget. */
export async function budgetLimiters(
  fastify: FastifyInstance,
  { rateLimit: settings, sharedPrefix, strictModeSite, metrics, clientAddressOf }: RateLimitOptions,
): Promise<Record<Budget, Limiter>> {
  const { windowMs, checksPerWindow, regPerWindow } = settings;
  await fastify.register(rateLimit, {
    global: false,
    // The address read as the request arrived (a client gone since has none left to read), IPv6 by /64 as by default.
    keyGenerator: (request) => normalizeIP(clientAddressOf(request)),
    // Redis away: each instance counts in its own memory meanwhile (rate-limit-store.ts), never lets every call through.
    ...(sharedPrefix !== null ? { store: sharedLimitStore(fastify.redis, sharedPrefix) } : {}),
  });
  const onExceeded = (request: FastifyRequest) => metrics.rateLimited(routeLabelOf(request));
  const limit = (max: number | ((request: FastifyRequest) => number), limitName: string, timeWindow = windowMs) =>
    fastify.rateLimit({ max, timeWindow, limitName, onExceeded } as Parameters<typeof fastify.rateLimit>[0] & NamedLimit) as Limiter;
  // A carrier's IPv4 address is a NAT of many people (docs/decisions/networks-as-they-are.md): each budget counts as theirs.
  const judge = createNetworkJudge(shippedOriginAs(), () => strictModeSite().networks);
  const perVisitor = (max: number) => (request: FastifyRequest) => {
    const address = clientAddressOf(request);
    return isCarrierNat(judge(address).kind, address) ? max * CARRIER_NAT_VISITORS : max;
  };
  return {
    checks: limit(perVisitor(checksPerWindow), 'checks'),
    // reg with a pass token the gate accepted (strict mode), or any reg (strict mode off).
    reg: limit(perVisitor(regPerWindow), 'reg'),
    // What cost its sender nothing: a reg without an accepted pass token, a request that cannot be read. Its own
    // budget, so that a flood of them never spends the one a person with a pass token needs.
    unproven: limit(perVisitor(regPerWindow), 'unproven'),
    // Strict mode's path without the picture has its own, tighter limit.
    accessible: limit(perVisitor(HOST_ACCESSIBLE_LIMIT.max), 'accessible', HOST_ACCESSIBLE_LIMIT.windowMs),
    // The puzzle's beacons do not use up the visitor's checks.
    funnel: limit(perVisitor(checksPerWindow), 'funnel'),
  };
}
