// The attack bench's plan (bench/attack/attack.ts): its knobs (environment variables), the prices it costs an
// account at, the scenarios and their simulated schedules, and the addresses each side poses as. Times are
// simulated seconds from a scenario's start; the server's clock runs `speed` times faster than real time
// (CAPTCHA_TEST_CLOCK_SPEED), and so do the bench's own waits.

const number = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of at least 0, got "${raw}"`);
  return value;
};
const list = (name: string, fallback: string) =>
  (process.env[name] ?? fallback)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export const BOT_KINDS = ['informed', 'generic'] as const;
export type BotKind = (typeof BOT_KINDS)[number];

/** What the bench runs, from the environment (README, bench:attack). */
export const KNOBS = {
  /** Clock speed of the long scenarios (an attack, then the calm after it). */
  speed: Math.max(1, number('ATTACK_SPEED', 10)),
  /** Clock speed of the ad-burst scenarios: slow enough for the crowd to answer 400 puzzles before they expire. */
  burstSpeed: Math.max(1, number('ATTACK_BURST_SPEED', 2)),
  warmupMinutes: number('ATTACK_WARMUP_MINUTES', 2),
  attackMinutes: number('ATTACK_MINUTES', 20),
  afterMinutes: number('ATTACK_AFTER_MINUTES', 35),
  /** The attacker's attempts per simulated minute, spread over its /24s. */
  rate: Math.max(0.1, number('ATTACK_RATE', 20)),
  nets: list('ATTACK_NETS', '1,10,100')
    .map(Number)
    .filter((nets) => Number.isInteger(nets) && nets >= 1 && nets <= 250),
  bots: list('ATTACK_BOTS', BOT_KINDS.join(',')).filter((bot): bot is BotKind => (BOT_KINDS as readonly string[]).includes(bot)),
  /** The crowd's steady visitors per simulated minute, each from a random /24. */
  crowdPerMinute: number('ATTACK_CROWD_PER_MINUTE', 1),
  /** Visitors in the ad burst, each from its own /24, within `burstSeconds`. */
  burst: Math.round(number('ATTACK_BURST', 400)),
  burstSeconds: number('ATTACK_BURST_SECONDS', 5),
  /** How long the burst scenarios watch after the burst. */
  burstWatchMinutes: number('ATTACK_BURST_WATCH_MINUTES', 5),
  /** Real seconds between the long scenarios' starts, so that their attacks' busiest minutes do not all fall together. */
  staggerSeconds: number('ATTACK_STAGGER_SECONDS', 20),
  /** `long`: the attacks; `burst`: the ad burst alone and during a 10 /24 attack; `networks`: the network cases (attack-networks.ts). */
  parts: list('ATTACK_PARTS', 'long,burst,networks'),
  /** Puzzles drawn ahead per pixel ratio (CAPTCHA_STOCK); unset: the deployed default. */
  stock: process.env.ATTACK_STOCK,
  /** Attacked /24s probed after the attack (one unanswered challenge each a simulated minute). */
  probeNets: Math.round(number('ATTACK_PROBE_NETS', 10)),
};

/** The stated prices of an account's inputs (overridable). */
export const PRICES = {
  proxyPerGb: number('PRICE_PROXY_GB', 4),
  vcpuPerHour: number('PRICE_VCPU_HOUR', 0.04),
  farmPer1000: number('PRICE_FARM_PER_1000', 3),
};

/** One scenario: a server of its own, the crowd throughout, maybe an attacker and an ad burst. */
export interface Scenario {
  name: string;
  speed: number;
  /** Simulated seconds from the start to the end of the measurement. */
  end: number;
  attack: { bot: BotKind; nets: number; from: number; to: number; rate: number } | null;
  burst: { at: number; visitors: number; within: number } | null;
  crowdPerMinute: number;
  /** Started once the other scenarios' attacks are over, so that its burst does not compete with them for the CPU. */
  afterAttacks: boolean;
}

const MINUTE = 60;

/** The scenarios the knobs ask for. */
export function scenarios(knobs = KNOBS): Scenario[] {
  const planned: Scenario[] = [];
  const from = knobs.warmupMinutes * MINUTE;
  const to = from + knobs.attackMinutes * MINUTE;
  if (knobs.parts.includes('long')) {
    for (const bot of knobs.bots) {
      for (const nets of knobs.nets) {
        planned.push({
          name: `${bot}, ${nets} /24${nets === 1 ? '' : 's'}`,
          speed: knobs.speed,
          end: to + knobs.afterMinutes * MINUTE,
          attack: { bot, nets, from, to, rate: knobs.rate },
          burst: null,
          crowdPerMinute: knobs.crowdPerMinute,
          afterAttacks: false,
        });
      }
    }
  }
  if (knobs.parts.includes('burst') && knobs.burst > 0) {
    const watch = knobs.burstWatchMinutes * MINUTE;
    const burst = (at: number) => ({ at, visitors: knobs.burst, within: knobs.burstSeconds });
    const quiet = { speed: knobs.burstSpeed, crowdPerMinute: knobs.crowdPerMinute, afterAttacks: true };
    planned.push({ ...quiet, name: `ad burst of ${knobs.burst}, no attack`, end: from + watch, attack: null, burst: burst(from) });
    // The attack runs a few minutes before the burst, so its /24s have had time to rise.
    const attackFrom = MINUTE;
    const burstAt = attackFrom + 3 * MINUTE;
    planned.push({
      ...quiet,
      name: `ad burst of ${knobs.burst} during informed, 10 /24s`,
      end: burstAt + watch,
      attack: { bot: 'informed', nets: 10, from: attackFrom, to: burstAt + watch, rate: knobs.rate },
      burst: burst(burstAt),
    });
  }
  return planned;
}

/** The attacker's /24s (198.18.0.0/15, the benchmarking range): `nets` of them. */
export const botNet = (index: number) => `198.${18 + (index >> 8)}.${index & 255}`;

/** The crowd's visitor `k` comes from a /24 of its own in 100.64.0.0/10 (16,384 of them; none is an attacker's). */
export const crowdNet = (k: number) => `100.${64 + ((k >> 8) & 63)}.${k & 255}`;

/** A host inside a /24, from a random number in [0, 1). */
export const hostIn = (net: string, random: number) => `${net}.${1 + Math.floor(random * 254)}`;

/** The /24 of an IPv4 address. */
export const netOf = (address: string) => address.slice(0, address.lastIndexOf('.'));
