export const FIREFOX_PATH: string;
/** Installs firefox-esr when missing (as root); exits with advice otherwise. */
export function ensureFirefox(): string;
