// For tests only: the store contracts every store keeps, the parts behind the plugin, and what a consumer's own
// tests need to pass the gate (the seeded puzzle's answer, a hand's trail, the work solved). No attack tools:
// the bots and the vision solver are the repository's own (testing/attackers/), not the package's.
export { describeStoreContract, type StoreBacking } from './store-contract';
export { createLibsqlStore } from '../stores/libsql-store';
export { createRedisStore, type RedisStoreOptions } from '../stores/redis-store';
export { ensureCaptchaTables } from '../stores/libsql-schema';
export { StoreUnavailableError, type CaptchaStore, type Standing } from '../stores/captcha-store';
export { createDrawer, DrawQueueFullError, type ChallengeDrawer } from '../drawing/draw-pool';
export type { DrawnChallenge } from '../drawing/draw-worker';
export { createChallengeStock } from '../drawing/challenge-stock';
export { CHALLENGE_LAYOUT, challengeCanvases, drawChallenge, encodeChallenge, imageMimeType, paintChallenge, PICTURE_FORMATS } from '../drawing/pictures';
export { pictureFieldsJson } from '../drawing/draw-worker';
export { cryptoRandom } from '../drawing/random';
export { signPassToken } from '../core/token';
export { escalatedWorkCost, workDoublings } from '../core/work-escalation';
export { checkWork, createWorkTask, WORK_ALGORITHM, WORK_ROUNDS } from '../core/work';
export type { WorkTask } from '@game-register/puzzle-captcha/protocol';
export type { TrailPoint } from '../core/trail';
export { cpuSecondsSince, solvedWork, solveWork, type SolvedWork, type WorkTaskLike } from './work';
export { handleTravel, humanTrail, seededRandom, SLIDER_SIZE, type TrailLayout, type TrailPoint as BotTrailPoint } from './trail';
export { seededOffset } from './seeded';
