// The published test kit, for a consumer's own tests: the contract every store keeps, and what passing the gate
// takes (the seeded puzzle's answer, a hand's trail, the work solved). The repository's own tests and benches
// reach the parts behind the plugin through ./internals.ts, which is not published.
export { describeStoreContract, type StoreBacking } from './store-contract';
export { solvedWork, solveWork, type SolvedWork, type WorkTaskLike } from './work';
export { humanTrail, seededRandom, type TrailLayout } from './trail';
export { seededOffset } from './seeded';
