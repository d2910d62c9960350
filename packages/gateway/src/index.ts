// @game-register/gateway: strict mode's captcha gateway as a Fastify plugin (README.md).
export { default, default as gateway } from './plugin';
export { GatewayOptionsSchema, readGatewayOptions, type GatewayOptions, type GatewaySettings, type GatewayStore, type ReplicatedSpends } from './options';
export { NO_EVENTS, eventsWith, type AnswerFacts, type ChallengeFacts, type LevelEntity, type PictureKind, type GatewayEvents, type GatewayLevels, type TokenRefusal, type VerifyReason } from './events';
export type { CaptchaGate, GateVerdict } from './gate';
export { AnswerSchema, errorAnswer, GATE_UNAVAILABLE, INFO_BY_STATUS, NEEDS_CAPTCHA, type Answer } from './answers';
export type { SqlDatabase } from './libsql-schema';
export * from './policy-entry';
export type { Level } from './difficulty/levels';
export type { OperatorSwitches } from './difficulty/level-decision';
export type { OriginAsTable } from './networks/origin-as';
