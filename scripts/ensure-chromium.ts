// Makes sure Debian's Chromium is there for the browser tests; never downloads a browser of its own.
import { existsSync } from 'node:fs';
import { aptInstall, canAptInstall } from './debian-packages';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags that let Debian's Chromium run headless as root on a machine with a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CJK_FONT_DIR = '/usr/share/fonts/opentype/noto';

/** Installs Debian's Chromium when missing (as root) and returns its path; exits with advice otherwise. */
export function ensureChromium(): string {
  const missing: string[] = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push('chromium');
  if (!existsSync(CJK_FONT_DIR)) missing.push('fonts-noto-cjk');
  if (missing.length === 0) return CHROMIUM_PATH;
  if (!canAptInstall()) {
    const cjkOnly = missing.length === 1 && missing[0] === 'fonts-noto-cjk';
    if (cjkOnly) {
      console.warn('[ensure-chromium] fonts-noto-cjk is missing: Chinese text in screenshots will show as boxes.');
      return CHROMIUM_PATH;
    }
    console.error(
      `[ensure-chromium] The browser tests need Debian's Chromium at ${CHROMIUM_PATH}.\n` +
        `  Install it with:  sudo apt-get install -y chromium fonts-noto-cjk\n` +
        '  or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
    process.exit(1);
  }
  aptInstall('ensure-chromium', missing);
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`[ensure-chromium] apt-get finished but ${CHROMIUM_PATH} is still missing.`);
    process.exit(1);
  }
  return CHROMIUM_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
