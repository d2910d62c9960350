// Makes sure Debian's WebKitGTK WebDriver, its MiniBrowser and Xvfb are there for the WebKit journeys.
import { ensureDebianFiles } from './debian-packages';

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB_PATH = process.env.XVFB_PATH || '/usr/bin/Xvfb';

/** Installs webkit2gtk-driver and xvfb when missing (as root); exits with advice otherwise. */
export function ensureWebKit(): { driver: string; browser: string; xvfb: string } {
  ensureDebianFiles(
    'ensure-webkit',
    { [WEBKIT_DRIVER_PATH]: 'webkit2gtk-driver', [MINIBROWSER_PATH]: 'webkit2gtk-driver', [XVFB_PATH]: 'xvfb' },
    'The WebKit journeys (e2e/journeys.spec.ts)',
  );
  return { driver: WEBKIT_DRIVER_PATH, browser: MINIBROWSER_PATH, xvfb: XVFB_PATH };
}

if (import.meta.url === `file://${process.argv[1]}`) ensureWebKit();
