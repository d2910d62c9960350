// A network as it is (docs/decisions/networks-as-they-are.md): its kind from its origin AS (the policy's
// lists, the operator's additions) and what is counted as one network for that kind.
import { networkOf } from './address-blocks';
import { CARRIER_ASNS, HOSTING_ASNS } from './asn-lists';
import { cidrMatcher, ipv4Number } from './address-bits';
import type { OriginAs } from './origin-as';

export type NetworkKind = 'carrier' | 'hosting' | 'unknown';
export const NETWORK_KINDS: readonly NetworkKind[] = ['carrier', 'hosting', 'unknown'];
/** A kind read back from a store: anything else is unknown. */
export const kindOf = (text: string | undefined): NetworkKind =>
  (NETWORK_KINDS as readonly string[]).includes(text ?? '') ? (text as NetworkKind) : 'unknown';

/** A carrier's IPv4 address: a carrier-grade NAT, many people behind it. */
export const isCarrierNat = (kind: NetworkKind, address: string) => kind === 'carrier' && ipv4Number(address) !== null;

/** What an operator adds to a kind in the site settings (captcha.networks): ASes and CIDRs, IPv4 or IPv6. */
export interface NetworkAdditions {
  carrier: { asns: readonly number[]; cidrs: readonly string[] };
  hosting: { asns: readonly number[]; cidrs: readonly string[] };
}
export const NO_ADDITIONS: NetworkAdditions = { carrier: { asns: [], cidrs: [] }, hosting: { asns: [], cidrs: [] } };

/** An address's network: its kind, its origin AS (null: unknown to the table) and the key it is counted under. */
export interface JudgedNetwork {
  kind: NetworkKind;
  asn: number | null;
  /**
   * Carrier and unknown: its /24 or /48 (a carrier's IPv6 pool hands each phone a /64 and each home a /56, so a
   * bot that rotates /64s inside one /48 is one network, as one rotating addresses inside a NAT pool's /24 is);
   * hosting: its whole AS (a farm over a hundred /24s of one cloud is one attacker), or the operator's CIDR.
   */
  network: string;
}

/**
 * The judge of addresses by the table and the operator's additions: an operator's CIDR first, then the
 * address's AS (an AS the operator names takes its kind from the operator). Asks `additions` at every call
 * and rebuilds its CIDR tests only when they change (a SIGHUP).
 */
export function createNetworkJudge(originAs: OriginAs, additions: () => NetworkAdditions) {
  let built: {
    from: NetworkAdditions;
    cidrs: { kind: 'carrier' | 'hosting'; cidr: string; test: (address: string) => boolean }[];
    asns: Map<number, NetworkKind>;
  } | null = null;
  const rules = () => {
    const from = additions();
    if (built?.from === from) return built;
    const cidrs = (['hosting', 'carrier'] as const).flatMap((kind) =>
      from[kind].cidrs.flatMap((cidr) => {
        const test = cidrMatcher(cidr);
        return test ? [{ kind, cidr, test }] : [];
      }),
    );
    const asns = new Map<number, NetworkKind>([
      ...CARRIER_ASNS.map((asn) => [asn, 'carrier'] as const),
      ...HOSTING_ASNS.map((asn) => [asn, 'hosting'] as const),
    ]);
    for (const kind of ['carrier', 'hosting'] as const) for (const asn of from[kind].asns) asns.set(asn, kind);
    built = { from, cidrs, asns };
    return built;
  };
  return (address: string): JudgedNetwork => {
    const { cidrs, asns } = rules();
    const asn = originAs.asnOf(address);
    const listed = cidrs.find((rule) => rule.test(address));
    const kind: NetworkKind = listed?.kind ?? (asn === null ? 'unknown' : (asns.get(asn) ?? 'unknown'));
    if (kind === 'hosting') return { kind, asn, network: listed ? `cidr:${listed.cidr}` : `as:${asn}` };
    return { kind, asn, network: networkOf(address) };
  };
}
export type NetworkJudge = ReturnType<typeof createNetworkJudge>;
