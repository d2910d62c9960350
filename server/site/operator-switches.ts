// Strict mode's operator switches in the site settings (captcha.underAttack, peopleFirst, campaign): read with the
// rest of the settings, checked, logged, and handed to the gateway as its OperatorSwitches (docs/strict-mode.md).
import type { FastifyBaseLogger } from 'fastify';
import type { Level, OperatorSwitches } from '@game-register/gateway';
import { cidrMatcher, type NetworkAdditions } from '@game-register/gateway/policy';
import type { NetworkSettings, OperatorSwitchSetting, SiteSettings } from '@game-register/site-settings';
import { SITE_VARIABLE_NAMES, SWITCH_TIME } from './settings-schema';

/** A switch ends by itself at most this long after its settings are read (docs/decisions/operator-switches-end-within-24h.md). */
export const SWITCH_MAX_MS = 24 * 60 * 60_000;
export const SWITCH_NAMES = ['underAttack', 'peopleFirst', 'campaign'] as const;
export type SwitchName = (typeof SWITCH_NAMES)[number];
type Switches = Pick<SiteSettings['captcha'], SwitchName>;

/** The moment an ISO date-time with its offset names, in epoch ms; null when it names none (2026-02-30, 25:00). */
export function parseSwitchTime(text: string): number | null {
  const parts = SWITCH_TIME.exec(text);
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [offsetHours, offsetMinutes] = [Number(parts[9] ?? 0), Number(parts[10] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
  const wall = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 30 February over into March, and reads years below 100 as 19xx: such a date names no day.
  if (wall.getUTCFullYear() !== year || wall.getUTCMonth() !== month - 1 || wall.getUTCDate() !== day) return null;
  const offsetMs = (parts[8] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  return wall.getTime() + Math.floor(Number(`0${parts[7] ?? ''}`) * 1000) - offsetMs;
}

/** A `captcha` section as read from the file or the variables, already checked against the schema. */
type SectionInput = { [field: string]: unknown } | undefined;

/**
 * The switches from the file's and the variables' `captcha` (each already checked against the schema): a
 * switch's two variables win over the file's switch. Its `until` must name a real moment at most 24 h after
 * `now`, the moment the settings are read; one in the past is kept, and is simply off.
 */
export function readSwitches(
  file: SectionInput,
  variables: SectionInput,
  configPath: string | null,
  now: number,
  problems: string[],
): Switches {
  const switches: Switches = {};
  for (const name of SWITCH_NAMES) {
    const fromVariables = variables?.[name] as OperatorSwitchSetting | undefined;
    const chosen = fromVariables ?? (file?.[name] as OperatorSwitchSetting | undefined);
    if (chosen === undefined) continue;
    const field = `captcha.${name}.until`;
    const named = fromVariables ? `${SITE_VARIABLE_NAMES.get(field)} (${field})` : `${configPath}: ${field}`;
    const until = parseSwitchTime(chosen.until);
    if (until === null) {
      problems.push(`${named} must be a date and time that exists, such as 2026-11-25T18:00:00+08:00, got "${chosen.until}"`);
    } else if (until - now > SWITCH_MAX_MS) {
      problems.push(
        `${named} must be at most 24 h ahead (by ${new Date(now + SWITCH_MAX_MS).toISOString()}): the switch must end by itself, ` +
          `got "${chosen.until}", ${((until - now) / 3_600_000).toFixed(1)} h ahead`,
      );
    }
    switches[name] = { level: chosen.level, until: chosen.until };
  }
  return switches;
}

/** The switches and the operator's networks, as strict mode reads them at every request. */
export type StrictModeSite = OperatorSwitches & { networks: NetworkAdditions };

/** Whether the campaign switch is on at `now`. */
export const campaignOn = (site: OperatorSwitches, now: number): boolean => Boolean(site.campaign && now < site.campaign.until);

/** The CIDRs of captcha.networks that name no network (a bad address, a length past 32 or 128). */
export function networkProblems(networks: NetworkSettings, configPath: string | null): string[] {
  return (['carrier', 'hosting'] as const).flatMap((kind) =>
    (networks[kind]?.cidrs ?? [])
      .filter((cidr) => cidrMatcher(cidr) === null)
      .map(
        (cidr) => `${configPath}: captcha.networks.${kind}.cidrs must hold CIDRs such as 203.0.113.0/24 or 2001:db8::/32, got "${cidr}"`,
      ),
  );
}

/**
 * The ASes of captcha.networks the origin-AS table holds no prefixes of, said in one warn line as the
 * settings are loaded: the gateway judges no address by them until the table is made again.
 */
export function warnNetworksNotHeld(
  log: FastifyBaseLogger,
  networks: NetworkAdditions,
  configPath: string | null,
  originAs: { holds(asn: number): boolean },
): void {
  const missing = (['carrier', 'hosting'] as const).flatMap((kind) =>
    networks[kind].asns.filter((asn) => !originAs.holds(asn)).map((asn) => ({ asn, kind })),
  );
  if (missing.length === 0) return;
  const named = missing.map(({ asn, kind }) => `AS${asn} (${kind})`).join(', ');
  log.warn(
    { asns: missing.map(({ asn }) => asn) },
    `strict mode: captcha.networks names ${named}, which the origin-AS table does not hold: no address is judged by ` +
      `${missing.length === 1 ? 'it' : 'them'} ` +
      `until you run SITE_CONFIG=${configPath ?? '<the settings file>'} npm run derive:networks and deploy the new table`,
  );
}

/** The operator's additions to the kinds of network, as the gateway reads them. */
export function networkAdditionsOf(networks: NetworkSettings | undefined): NetworkAdditions {
  const list = (kind: 'carrier' | 'hosting') => ({ asns: networks?.[kind]?.asns ?? [], cidrs: networks?.[kind]?.cidrs ?? [] });
  return { carrier: list('carrier'), hosting: list('hosting') };
}

/** The switches as the gateway reads them: under attack a floor, people first and campaign caps, each with its end in epoch ms. */
export function operatorSwitchesOf({ underAttack, peopleFirst, campaign }: Switches): OperatorSwitches {
  // A checked until always parses; were it not to, the switch would count as ended.
  const end = (setting: OperatorSwitchSetting) => parseSwitchTime(setting.until) ?? 0;
  return {
    underAttack: underAttack ? { floor: underAttack.level as Level, until: end(underAttack) } : null,
    peopleFirst: peopleFirst ? { cap: peopleFirst.level as Level, until: end(peopleFirst) } : null,
    campaign: campaign ? { cap: campaign.level as Level, until: end(campaign) } : null,
  };
}

const SAYS: Record<SwitchName, { title: string; effect: (level: number) => string }> = {
  underAttack: { title: '"under attack"', effect: (level) => `every visitor not known good gets level ${level} at least` },
  peopleFirst: { title: '"people first"', effect: (level) => `every visitor gets level ${level} at most` },
  campaign: {
    title: '"campaign"',
    effect: (level) => `a surge of carrier visitors is expected: the carriers' floor rises to level ${level} at most`,
  },
};

/** What the switches do from now, said in the log as the settings are loaded: on at warn, ended at info. */
export function logSwitches(log: FastifyBaseLogger, switches: Switches, now: number, strict: boolean): void {
  for (const name of SWITCH_NAMES) {
    const setting = switches[name];
    if (!setting) continue;
    const until = parseSwitchTime(setting.until) ?? 0;
    const facts = { switch: name, difficulty: setting.level, until: setting.until }; // pino's own `level` is the line's
    if (until <= now) log.info(facts, `strict mode: ${SAYS[name].title} ended at ${setting.until}: it is off`);
    else if (!strict)
      log.info(facts, `strict mode: ${SAYS[name].title} is set until ${setting.until}, but CAPTCHA_MODE is not strict: it changes nothing`);
    else
      log.warn(
        facts,
        `strict mode: ${SAYS[name].title} is on until ${setting.until} (${((until - now) / 3_600_000).toFixed(1)} h): ` +
          `${SAYS[name].effect(setting.level)}`,
      );
  }
  const { underAttack, peopleFirst } = operatorSwitchesOf(switches);
  if (strict && underAttack && peopleFirst && underAttack.until > now && peopleFirst.until > now && peopleFirst.cap < underAttack.floor) {
    log.warn(
      { underAttack: underAttack.floor, peopleFirst: peopleFirst.cap },
      `strict mode: "people first" (level ${peopleFirst.cap} at most) is below "under attack" (${underAttack.floor} at ` +
        `least): while both are on, people first wins`,
    );
  }
}
