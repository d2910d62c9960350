export const WEBKIT_DRIVER_PATH: string;
export const MINIBROWSER_PATH: string;
export const XVFB_PATH: string;
/** Installs webkit2gtk-driver and xvfb when missing (as root); exits with advice otherwise. */
export function ensureWebKit(): { driver: string; browser: string; xvfb: string };
