export const CHROMIUM_PATH: string;
/** Flags that let Debian's Chromium run headless as root on a machine with a closed network. */
export const CHROMIUM_ARGS: string[];
/** Installs Debian's Chromium when missing (as root) and returns its path; exits with advice otherwise. */
export function ensureChromium(): string;
