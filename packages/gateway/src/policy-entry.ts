// The package's light door, `@game-register/gateway/policy` (no canvas, no threads): the policy's numbers,
// the work settings' type, the networks' judge and the silent events, for a host's configuration, its own rate
// limits and its metrics (which need not load the gateway itself when strict mode is off).
export * from './core/rules/policy';
export type { WorkSettings } from './core/work';
export { NO_EVENTS } from './core/rules/events';
export {
  createNetworkJudge,
  isCarrierNat,
  NETWORK_KINDS,
  NO_ADDITIONS,
  type JudgedNetwork,
  type NetworkAdditions,
  type NetworkJudge,
  type NetworkKind,
} from './core/rules/networks/network-kind';
export { shippedOriginAs } from './core/rules/networks/default-judge';
export { cidrMatcher } from './core/rules/networks/address-bits';
export { networkOf } from './core/rules/networks/address-blocks';
