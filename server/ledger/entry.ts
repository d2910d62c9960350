// One entry of the ledger of registrations: what the backend did with a reg and what strict mode knew of its
// pass, with the ledger's verdict. Never the password; the mobile masked; the account name as it was sent.
import type { PassFacts } from '@game-register/gateway';
import { networkOf, type NetworkKind } from '@game-register/gateway/policy';
import type { RegOutcome } from '../metrics/answers';
import type { Judgement } from './verdict';

export interface LedgerEntry extends Judgement {
  /** Random, stable: an entry written twice (a replay after a failover) is one. */
  id: string;
  /** When the backend answered (ms). */
  at: number;
  /** What the backend did, as the funnel reads its answer, and for a refusal its reason. */
  outcome: RegOutcome;
  reason: string;
  /** The account name exactly as sent, and the mobile masked (first 3 and last 4 digits). */
  account: string;
  mobile: string;
  /** The channel label (a listed code or `other`). */
  channel: string;
  /** The client's address, and the network the ledger groups it by: its pass's (a /24, /48 or hosting AS), else its /24 or /48. */
  address: string;
  network: string;
  kind: NetworkKind | null;
  asn: number | null;
  /** What the gateway knew at the pass (null: strict mode off, or facts not kept). */
  pass: PassFacts | null;
  /** The ad click the registration came with (the outbox reports it). */
  click: { platform: string; clickId: string } | null;
  /** When the verdict was last revised (null: as first judged). */
  revisedAt: number | null;
}

/** A mobile number as the ledger keeps it: its first 3 and last 4 digits, the rest starred; anything short wholly starred. */
export function maskMobile(mobile: string): string {
  if (mobile.length < 8) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, 3)}${'*'.repeat(mobile.length - 7)}${mobile.slice(-4)}`;
}

/** The network an address is grouped under without a pass: its /24 or IPv6 /48. */
export const networkOfAddress = (address: string): string => {
  try {
    return networkOf(address);
  } catch {
    return address;
  }
};

/** Longest account name and mobile kept (the backend refuses longer ones anyway): a hostile reg cannot swell the ledger. */
export const FIELD_MAX = 64;
export const clipped = (text: string | undefined): string => (text ?? '').slice(0, FIELD_MAX);

/** reg's outcomes the backend itself produced: those the ledger keeps (not a refusal of the gate, a limit or an unreadable request). */
export const BACKEND_OUTCOMES: ReadonlySet<RegOutcome> = new Set(['registered', 'refused', 'backend_error', 'timeout']);
