// For tests only: the store contracts every store keeps, the parts behind the plugin, and what a consumer's own
// tests need to pass the gate (the seeded puzzle's answer, a hand's trail, the work solved). No attack tools:
// the bots and the vision solver are the repository's own (testing/attackers/), not the package's.
export { describeStoreContract, type StoreBacking } from './store-contract';
export { createLibsqlStore } from '../libsql-store';
export { createRedisStore, type RedisStoreOptions } from '../redis-store';
export { ensureCaptchaTables } from '../libsql-schema';
export { StoreUnavailableError, type CaptchaStore, type Standing } from '../store';
export { createDrawer, DrawQueueFullError, type ChallengeDrawer } from '../draw-pool';
export type { DrawnChallenge } from '../draw-worker';
export { createChallengeStock } from '../challenge-stock';
export { CHALLENGE_LAYOUT, challengeCanvases, drawChallenge, encodeChallenge, imageMimeType, paintChallenge, PICTURE_FORMATS } from '../pictures';
export { pictureFieldsJson } from '../draw-worker';
export { cryptoRandom } from '../random';
export { signPassToken } from '../token';
export { escalatedWorkCost, workDoublings } from '../limits';
export { checkWork, createWorkTask, WORK_ALGORITHM, WORK_ROUNDS } from '../work';
export type { WorkTask } from '@game-register/puzzle-captcha/protocol';
export type { TrailPoint } from '../trail';
export { cpuSecondsSince, solvedWork, solveWork, type SolvedWork, type WorkTaskLike } from './work';
export { handleTravel, humanTrail, seededRandom, SLIDER_SIZE, type TrailLayout, type TrailPoint as BotTrailPoint } from './trail';
export { seededOffset } from './seeded';
