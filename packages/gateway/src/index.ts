// @game-register/gateway: strict mode's captcha gateway as a Fastify plugin (README.md).
export { default, default as gateway } from './http/plugin';
export {
  GatewayOptionsSchema,
  readGatewayOptions,
  type GatewayOptions,
  type GatewaySettings,
  type GatewayStore,
  type ReplicatedSpends,
} from './http/options';
export {
  NO_EVENTS,
  eventsWith,
  type AnswerFacts,
  type ChallengeFacts,
  type LevelEntity,
  type PictureKind,
  type GatewayEvents,
  type GatewayLevels,
  type TokenRefusal,
  type VerifyReason,
} from './core/rules/events';
export type { CaptchaGate, GateVerdict } from './http/gate';
export type { LevelCause, PassFacts, PassPath } from './core/rules/pass-facts';
export { AnswerSchema, errorAnswer, GATE_UNAVAILABLE, INFO_BY_STATUS, NEEDS_CAPTCHA, type Answer } from './http/answers';
export type { SqlDatabase } from './stores/libsql-schema';
export * from './policy-entry';
export type { Level } from './core/rules/policy';
export type { OperatorSwitches } from './core/rules/level-decision';
export type { OriginAsTable } from './core/rules/networks/origin-as';
