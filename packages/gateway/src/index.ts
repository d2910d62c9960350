// @game-register/gateway: strict mode's captcha gateway as a Fastify plugin (README.md).
export { default, default as gateway } from './plugin';
export { GatewayOptionsSchema, readGatewayOptions, type GatewayOptions, type GatewaySettings, type GatewayStore } from './options';
export { NO_EVENTS, eventsWith, type GatewayEvents, type GatewayLevels, type TokenRefusal, type VerifyReason } from './events';
export type { CaptchaGate, GateVerdict } from './gate';
export { AnswerSchema, GATE_UNAVAILABLE, NEEDS_CAPTCHA, type Answer } from './answers';
export type { SqlDatabase } from './libsql-schema';
export * from './settings';
