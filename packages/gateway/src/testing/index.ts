// For tests and benches only: the store contract, the parts behind the plugin, and the bots.
export { describeStoreContract, type StoreBacking } from './store-contract';
export { createLibsqlStore } from '../libsql-store';
export { createRedisStore, type RedisStoreOptions } from '../redis-store';
export { ensureCaptchaTables } from '../libsql-schema';
export { StoreUnavailableError, type CaptchaStore, type Standing } from '../store';
export { createDrawer, DrawQueueFullError, type ChallengeDrawer } from '../draw-pool';
export type { DrawnChallenge } from '../draw-worker';
export { createChallengeStock } from '../challenge-stock';
export { CHALLENGE_LAYOUT, challengeCanvases, drawChallenge, encodeChallenge, paintChallenge, PICTURE_FORMATS } from '../pictures';
export { cryptoRandom } from '../random';
export { signPassToken } from '../token';
export { escalatedWorkCost, workDoublings } from '../limits';
export type { WorkTask } from '../work';
export type { TrailPoint } from '../trail';
export { cpuSecondsSince, solvedWork, solveWork, type SolvedWork, type WorkTaskLike } from './work';
export { handleTravel, humanTrail, jumpTrail, seededRandom, SLIDER_SIZE, type TrailLayout, type TrailPoint as BotTrailPoint } from './trail';
export { seededOffset } from './seeded';
