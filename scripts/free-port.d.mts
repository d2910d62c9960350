/** Asks the OS for a free port on loopback. */
export function freePort(): Promise<number>;
