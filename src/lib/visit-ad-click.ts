import { adClicksHeader, clickOfLanding } from '@game-register/site-settings/ad-clicks';
import { takeLanding } from './landing';

/**
 * Where a visit keeps its ad click, to send with reg (X-Ad-Clicks): localStorage for 7 days, with a copy in
 * sessionStorage and in memory for pages that refuse one of them. Never a cookie: in-app browsers (WeChat,
 * Douyin, Kuaishou) drop cookies between opens, and a cookie would go with every request.
 *
 * Why longer than the channel (which ends with the tab): a visitor often lands from an ad, leaves, and comes
 * back later from the in-app browser's history or a new tab, when the platform still attributes the sign-up
 * to that click. 7 days is a usual click window of these platforms for a registration (their exact windows
 * were not found); a click kept longer would only be reported for a conversion the platform no longer takes.
 * A newer landing with a click replaces it (last click wins); a landing without one leaves it.
 */
const STORAGE_KEY = 'game-register:ad-click';
export const AD_CLICK_LIFETIME_MS = 7 * 24 * 3_600_000;

interface Kept {
  header: string;
  at: number;
}

let inMemory: Kept | null = null;

function read(storage: () => Storage): Kept | null {
  try {
    const text = storage().getItem(STORAGE_KEY);
    const kept = text === null ? null : (JSON.parse(text) as Partial<Kept>);
    return kept && typeof kept.header === 'string' && typeof kept.at === 'number' ? (kept as Kept) : null;
  } catch {
    return null;
  }
}

function write(storage: () => Storage, kept: Kept) {
  try {
    storage().setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // storage refused: the other copies remain
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

/** Runs once per page load, after the first paint: a landing address with a usable click id starts (or replaces) the kept click. */
export function startVisitAdClick(channel: string, href = takeLanding() ?? window.location.href, now = Date.now()): void {
  const click = clickOfLanding(href);
  if (click === null) return;
  inMemory = { header: adClicksHeader(click, channel), at: now };
  write(local, inMemory);
  write(session, inMemory);
}

/** The X-Ad-Clicks value of this visit's click, or null when there is none younger than 7 days. */
export function visitAdClicks(now = Date.now()): string | null {
  const newest = [read(local), read(session), inMemory].filter((kept): kept is Kept => kept !== null).sort((a, b) => b.at - a.at)[0];
  return newest !== undefined && now - newest.at < AD_CLICK_LIFETIME_MS && newest.at <= now ? newest.header : null;
}
