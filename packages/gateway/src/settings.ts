// The package's light door, `@game-register/gateway/policy` (no canvas, no threads): the policy's numbers
// and the work settings' type, for a host's configuration (the host reads its own environment).
export * from './policy';
export type { WorkSettings } from './work';
