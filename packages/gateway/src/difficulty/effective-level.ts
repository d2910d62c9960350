import { SITE_FLOOR } from './site-floor';
import type { Level } from './levels';

/** The operator's switches (site settings, re-read on SIGHUP), each with its own end. */
export interface OperatorSwitches {
  /** "Under attack": a floor under everyone not known good, until a time at most 24 h after it was set. */
  underAttack: { floor: Level; until: number } | null;
  /** "People first": a cap over everyone for a campaign launch, until a time. */
  peopleFirst: { cap: Level; until: number } | null;
}

export interface LevelInputs {
  address: Level;
  network: Level;
  /** The site's own level (site-floor.ts), of which only up to SITE_FLOOR.maxFloor counts. */
  site: Level;
  /** The least level of its network's kind (KIND_FLOOR: a cloud starts escalated). */
  kindFloor?: Level;
  /** Passed a puzzle lately and failed none since: the under-attack floor spares it. */
  knownGood: boolean;
  switches: OperatorSwitches;
  now: number;
}

/** A visitor's level: the highest of its address, its network, its kind's floor and the site's floor, then the operator's floor and cap. */
export function effectiveLevel({ address, network, site, kindFloor = 0, knownGood, switches, now }: LevelInputs): Level {
  let level = Math.max(address, network, kindFloor, Math.min(site, SITE_FLOOR.maxFloor));
  const { underAttack, peopleFirst } = switches;
  if (underAttack !== null && now < underAttack.until && !knownGood) level = Math.max(level, underAttack.floor);
  if (peopleFirst !== null && now < peopleFirst.until) level = Math.min(level, peopleFirst.cap);
  return level as Level;
}
