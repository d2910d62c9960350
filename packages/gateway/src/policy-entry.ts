// The package's light door, `@game-register/gateway/policy` (no canvas, no threads): the policy's numbers,
// the work settings' type and the networks' judge, for a host's configuration and its own rate limits.
export * from './policy';
export type { WorkSettings } from './work';
export { createNetworkJudge, isCarrierNat, NETWORK_KINDS, NO_ADDITIONS, type JudgedNetwork, type NetworkAdditions, type NetworkJudge, type NetworkKind } from './networks/network-kind';
export { shippedOriginAs } from './networks/default-judge';
export { cidrMatcher } from './networks/address-bits';
