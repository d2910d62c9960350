// The proof-of-work solver alone (no worker, no React), for Node tests, benches and a consumer's scripts
// that answer strict mode's task as a client would; pass node:crypto's SHA-256 as `digest` to hash natively.
export { solveTask, WorkAborted, type Digest, type SolveOptions, type WorkSolution, type WorkTask } from './solve';
