/** Asks the OS for a free port on loopback. */
export declare function freePort(): Promise<number>;
