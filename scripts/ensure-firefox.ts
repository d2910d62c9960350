// Makes sure Debian's Firefox ESR is there for the Firefox journeys (driven over WebDriver BiDi by puppeteer-core).
import { ensureDebianFiles } from './debian-packages';

export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/** Installs firefox-esr when missing (as root); exits with advice otherwise. */
export function ensureFirefox(): string {
  ensureDebianFiles('ensure-firefox', { [FIREFOX_PATH]: 'firefox-esr' }, 'The Firefox journeys (e2e/journeys.spec.ts)');
  return FIREFOX_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureFirefox();
