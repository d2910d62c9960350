export const PHP_PATH: string;
/** Installs Debian's php-cli when missing (root), otherwise exits with advice; returns the php binary. */
export function ensurePhp(): string;
