// The package's light door, `@game-register/gateway/policy` (no canvas, no threads): the policy's numbers,
// the work settings' type and the networks' judge, for a host's configuration and its own rate limits.
export * from './core/policy';
export type { WorkSettings } from './core/work';
export { createNetworkJudge, isCarrierNat, NETWORK_KINDS, NO_ADDITIONS, type JudgedNetwork, type NetworkAdditions, type NetworkJudge, type NetworkKind } from './core/networks/network-kind';
export { shippedOriginAs } from './core/networks/default-judge';
export { cidrMatcher } from './core/networks/address-bits';
