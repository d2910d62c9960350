// Not published (package.json's "./internals" has only the repository's source condition): the parts behind the
// plugin that this repository's server tests, benches and attackers drive directly. A consumer's kit is ./index.ts.
export { createRedisStore } from '../stores/redis-store';
export { CHALLENGE_LAYOUT, challengeCanvases, drawChallenge, encodeChallenge, imageMimeType, paintChallenge } from '../drawing/pictures';
export { pictureFieldsJson } from '../drawing/draw-worker';
export { cryptoRandom } from '../drawing/random';
export { signPassToken } from '../core/token';
export { checkWork, createWorkTask, WORK_ALGORITHM, WORK_ROUNDS } from '../core/work';
export { cpuSecondsSince } from './work';
export { handleTravel } from './trail';
