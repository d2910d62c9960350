// The package's light door, `@game-register/gateway/policy` (no canvas, no threads): the policy's numbers
// and the reading of the work settings, for a host's configuration.
export * from './policy';
export { readWorkSettings, type WorkSettings } from './work';
