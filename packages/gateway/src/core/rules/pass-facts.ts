// What a pass knows at the gateway, kept for the host's ledger of registrations (the server's server/ledger/):
// written under the pass token's id when the token is issued, taken back once when the token is spent
// (pass-gate.ts). Pure: the verify routes give every fact; nothing here reads a store or a clock.
import type { Level } from './policy';
import { campaignCap, type OperatorSwitches } from './level-decision';
import type { PictureKind } from './events';
import type { NetworkKind } from './networks/network-kind';
import { KIND_FLOOR, SITE_FLOOR } from './policy';

/** How the answer was given: a drag with its trail, the keyboard or a tap (no trail: the two look alike), or 无障碍验证. */
export type PassPath = 'drag' | 'keys_or_tap' | 'accessible';
/**
 * What set the level the puzzle was issued at: the caller's own address or network (`own`), its kind's floor,
 * the site's floor, the carriers' floor, the operator's "under attack" switch; `none` at level 0.
 */
export type LevelCause = 'own' | 'kind' | 'site' | 'carriers' | 'under_attack' | 'none';

export interface PassFacts {
  /** The level and picture sealed into the challenge. */
  level: Level;
  picture: PictureKind | 'none';
  path: PassPath;
  /** From the task leaving the gateway to its answer, and the least a person takes for it (ms); null: not known. */
  answeredInMs: number | null;
  fitsMs: number | null;
  /** The network that fetched the puzzle (a /24, an IPv6 /48, a hosting AS), its kind and the answering address's AS. */
  network: string;
  kind: NetworkKind;
  asn: number | null;
  /** The site's and the carriers' floors at the pass, the campaign switch's cap (null: off), the "under attack" switch. */
  site: Level;
  carriers: Level;
  campaign: Level | null;
  underAttack: boolean;
  cause: LevelCause;
}

export interface PassMoment {
  level: Level;
  kind: NetworkKind;
  site: Level;
  carriers: Level;
  switches: OperatorSwitches;
  at: number;
}

/** Why a pass's level was what it was, from the floors beside it: the highest floor that reaches it, else the caller's own. */
export function levelCause({ level, kind, site, carriers, switches, at }: PassMoment): LevelCause {
  if (level === 0) return 'none';
  const campaign = campaignCap(switches, at);
  const carrierFloor = kind === 'carrier' ? Math.min(carriers, campaign ?? carriers) : 0;
  if (KIND_FLOOR[kind] >= level) return 'kind';
  if (carrierFloor >= level) return 'carriers';
  if (Math.min(site, SITE_FLOOR.maxFloor) >= level) return 'site';
  const attack = switches.underAttack;
  if (attack !== null && at < attack.until && attack.floor >= level) return 'under_attack';
  return 'own';
}

/** The facts of a pass at `moment`. */
export function passFacts(
  moment: PassMoment,
  pass: Pick<PassFacts, 'picture' | 'path' | 'answeredInMs' | 'fitsMs' | 'network' | 'asn'>,
): PassFacts {
  const { level, kind, site, carriers, switches, at } = moment;
  const attack = switches.underAttack;
  return {
    level,
    kind,
    site,
    carriers,
    campaign: campaignCap(switches, at),
    underAttack: attack !== null && at < attack.until,
    cause: levelCause(moment),
    ...pass,
  };
}

/** Facts read back from a store: null when they are not an object (a store written by an older release has none). */
export function readPassFacts(text: string | null): PassFacts | null {
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && 'level' in parsed ? (parsed as PassFacts) : null;
  } catch {
    return null;
  }
}
