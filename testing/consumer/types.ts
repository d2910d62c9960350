// The published types as a Node consumer's compiler sees them (testing/consumer/gateway-consumer.test.ts checks this
// file in the scratch app, moduleResolution nodenext): the options, the decorator, the gate's verdict, the
// events. Each @ts-expect-error fails the check if the types came through as `any`.
import Fastify from 'fastify';
import Database from 'libsql';
import gateway, { type GatewayEvents, type TokenRefusal } from '@game-register/gateway';
import { NETWORK_ANSWER_LIMIT } from '@game-register/gateway/policy';
import { seededOffset } from '@game-register/gateway/testing';

const events: Partial<GatewayEvents> = { verified: (reason) => void reason.toUpperCase(), levels: ({ stock }) => void stock().size };
// @ts-expect-error a verify reason is one of a few words, not any string
const wrongReason: Parameters<GatewayEvents['verified']>[0] = 'maybe';
const app = Fastify();
await app.register(gateway, {
  store: { kind: 'libsql', database: new Database(':memory:') },
  work: { puzzle: 1000, accessible: null },
  events,
});
// @ts-expect-error the store is required
await app.register(gateway, { secret: null });
const verdict = await app.captchaGate.spend(null);
// @ts-expect-error the token is a string or null
await app.captchaGate.spend(42);
const refusal: TokenRefusal | null = verdict.ok ? null : verdict.refusal;
const info: string | null = verdict.ok ? null : verdict.answer.info;
const offset: number = seededOffset(1) + NETWORK_ANSWER_LIMIT.windowMs;
export { info, offset, refusal, wrongReason };
