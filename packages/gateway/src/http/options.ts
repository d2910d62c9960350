// The gateway's one way in: its options, as a TypeBox schema, checked when the plugin is registered.
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { Redis } from 'ioredis';
import type { FastifyRequest } from 'fastify';
import type { GatewayEvents } from '../core/rules/events';
import type { SqlDatabase } from '../stores/libsql-schema';
import type { ReplicatedSpends } from '../stores/redis-store';
import type { OperatorSwitches } from '../core/rules/level-decision';
import type { Level } from '../core/rules/policy';
import { TOP_LEVEL } from '../core/rules/levels';
import { NO_ADDITIONS, type NetworkAdditions } from '../core/rules/networks/network-kind';
import {
  HOLDOUT_LIMITS,
  DRAW_DEFAULTS,
  DRAW_LIMITS,
  NETWORK_ANSWER_LIMIT,
  SECRET_MIN_LENGTH,
  STOCK_DEFAULT,
  STOCK_MAX,
  WORK_DEFAULTS,
  WORK_LIMITS,
} from '../core/rules/policy';

const Handle = (description: string) => Type.Unsafe<unknown>(Type.Object({}, { description }));
const Listener = Type.Optional(Type.Function([Type.Any()], Type.Void()));
const Cost = Type.Integer({ minimum: WORK_LIMITS.min, maximum: WORK_LIMITS.max });

export const GatewayOptionsSchema = Type.Object(
  {
    store: Type.Union([
      Type.Object({ kind: Type.Literal('libsql'), database: Handle('an open libsql database: the tables are created when missing') }),
      Type.Object({
        kind: Type.Literal('redis'),
        client: Handle('an ioredis client, shared by every instance'),
        prefix: Type.String({ pattern: '^[\\w:.{}-]{1,64}$', description: 'every key starts with it' }),
        replicated: Type.Optional(
          Type.Union([
            Type.Null(),
            Handle(
              'behind Sentinel: { client, replicas, timeoutMs }, a connection of its own on which a spent pass token waits ' +
                '(WAIT) for that many replicas',
            ),
          ]),
        ),
      }),
    ]),
    secret: Type.Optional(
      Type.Union([Type.String({ minLength: SECRET_MIN_LENGTH }), Type.Null()], {
        description: 'the HMAC key; null: generated once and kept in the store',
      }),
    ),
    work: Type.Optional(
      Type.Object({ puzzle: Cost, accessible: Type.Union([Cost, Type.Null()], { description: 'null: no path without the picture' }) }),
    ),
    stock: Type.Optional(Type.Integer({ minimum: 0, maximum: STOCK_MAX, description: 'puzzles drawn ahead per pixel ratio' })),
    draw: Type.Optional(
      Type.Object({
        threads: Type.Integer({ minimum: 0, maximum: DRAW_LIMITS.maxThreads }),
        queue: Type.Integer({ minimum: 0, maximum: DRAW_LIMITS.maxQueue }),
      }),
    ),
    networkChallenges: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: `challenges one network may have answered with work per ${NETWORK_ANSWER_LIMIT.windowMs} ms`,
      }),
    ),
    level: Type.Optional(
      Type.Union([Type.Literal('adaptive'), Type.Integer({ minimum: 0, maximum: TOP_LEVEL })], {
        description: "'adaptive': each challenge's level from the evidence; a number pins that level for everyone, without quotas",
      }),
    ),
    holdout: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: HOLDOUT_LIMITS.max,
        description: 'share of level-0 challenges given the guarded picture, to measure what it costs people',
      }),
    ),
    switches: Type.Optional(
      Type.Function([], Type.Any(), {
        description: 'the operator switches now (OperatorSwitches): read at every challenge, so the host may change them at any time',
      }),
    ),
    networks: Type.Optional(
      Type.Function([], Type.Any(), {
        description:
          "the operator's additions to the network kinds now (NetworkAdditions: ASes and CIDRs, carrier or hosting): read at every request",
      }),
    ),
    originAs: Type.Optional(
      Type.Union(
        [
          Type.Object({ source: Type.String(), asns: Type.Array(Type.Integer({ minimum: 0 })), v4: Type.String(), v6: Type.String() }),
          Type.Null(),
        ],
        {
          description:
            'the origin-AS table networks are judged by (OriginAsTable, as `npm run derive:networks` makes it); null: the ' +
            'one shipped. One of no ranges stops the start',
        },
      ),
    ),
    testSeed: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'tests only: every puzzle the same' })),
    clock: Type.Optional(Type.Function([], Type.Number())),
    clientAddress: Type.Optional(
      Type.Function([Type.Any()], Type.String(), {
        description: "the client's address as the host read it on arrival (default: request.ip): every count and network is keyed by it",
      }),
    ),
    events: Type.Optional(
      Type.Object({
        challengeIssued: Listener,
        verified: Type.Optional(Type.Function([Type.Any(), Type.Any()], Type.Void())),
        levelChanged: Type.Optional(Type.Function([Type.Any(), Type.Any(), Type.Any()], Type.Void())),
        quotaRefused: Listener,
        tokenSpent: Type.Optional(Type.Function([], Type.Void())),
        tokenRefused: Listener,
        drawFinished: Listener,
        stockMissed: Listener,
        rateLimited: Listener,
        levels: Listener,
      }),
    ),
  },
  { additionalProperties: false },
);

/** The options as given to `register` (the optional ones have the defaults in policy.ts). */
export type GatewayOptions = Omit<
  Static<typeof GatewayOptionsSchema>,
  'store' | 'events' | 'switches' | 'networks' | 'level' | 'clientAddress'
> & {
  store: GatewayStore;
  events?: Partial<GatewayEvents>;
  switches?: () => OperatorSwitches;
  networks?: () => NetworkAdditions;
  level?: 'adaptive' | Level;
  clientAddress?: (request: FastifyRequest) => string;
};
export type { ReplicatedSpends };
/** Where the state is kept: a libsql database (one instance), or Redis (many instances, one prefix). */
export type GatewayStore =
  { kind: 'libsql'; database: SqlDatabase } | { kind: 'redis'; client: Redis; prefix: string; replicated?: ReplicatedSpends | null };
/** Fastify's reading of the client's address (its trustProxy setting applies); '' once the client has gone. */
const requestIp = (request: FastifyRequest): string => (request.ip as string | undefined) ?? '';
const NO_SWITCHES = (): OperatorSwitches => ({ underAttack: null, peopleFirst: null });
export type GatewaySettings = Required<Omit<GatewayOptions, 'events'>> & { events: Partial<GatewayEvents> };

/** The options checked, with every default filled in; throws one error naming every bad option. */
export function readGatewayOptions(options: unknown): GatewaySettings {
  // Fastify adds its own keys (prefix, logLevel...) to a plugin's options: they are not the gateway's.
  const { prefix: _prefix, logLevel: _logLevel, logSerializers: _serializers, ...own } = (options ?? {}) as Record<string, unknown>;
  // Each option checked on its own, so that every one at fault is named (TypeBox stops a whole check's
  // errors at a few), with its first error (a union reports each branch it tried: the first says enough).
  const problems = Object.keys(own)
    .filter((name) => !(name in GatewayOptionsSchema.properties))
    .map((name) => `/${name} is not an option`);
  for (const [name, schema] of Object.entries(GatewayOptionsSchema.properties)) {
    if (own[name] === undefined && name !== 'store') continue;
    const [first] = Value.Errors(schema, own[name]);
    if (first) problems.push(`/${name}${first.instancePath} ${first.message}`);
  }
  const given = own as GatewayOptions;
  const work = given.work ?? { puzzle: WORK_DEFAULTS.puzzle, accessible: WORK_DEFAULTS.accessible };
  if (problems.length === 0 && work.accessible !== null && work.accessible < work.puzzle)
    problems.push('/work/accessible must not be below /work/puzzle: the path without the picture would be the cheaper one');
  if (problems.length > 0)
    throw new Error(`@game-register/gateway: invalid options:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  return {
    store: given.store,
    secret: given.secret ?? null,
    work,
    stock: given.stock ?? STOCK_DEFAULT,
    draw: given.draw ?? { ...DRAW_DEFAULTS },
    networkChallenges: given.networkChallenges ?? NETWORK_ANSWER_LIMIT.max,
    // A fixed test seed makes every puzzle the same: no holdout draws a different picture unless asked for.
    level: given.level ?? 'adaptive',
    holdout: given.holdout ?? (given.testSeed == null ? HOLDOUT_LIMITS.default : 0),
    switches: given.switches ?? NO_SWITCHES,
    networks: given.networks ?? (() => NO_ADDITIONS),
    originAs: given.originAs ?? null,
    testSeed: given.testSeed ?? null,
    clock: given.clock ?? Date.now,
    clientAddress: given.clientAddress ?? requestIp,
    events: given.events ?? {},
  };
}
