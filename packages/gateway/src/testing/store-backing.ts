// What both contracts (store-contract.ts, signals-contract.ts) run against, in a module of its own so that
// neither contract imports the other both ways (no circle).
import type { CaptchaStore } from '../core/ports';

/** A shared backing for a store under test: one database or one Redis prefix, on a clock the test moves. */
export interface StoreBacking {
  /** A store over the shared backing (one database, one Redis prefix), on the backing's clock. */
  open(secret: string | null): Promise<CaptchaStore>;
  now(): number;
  advance(ms: number): void;
  close(): Promise<void>;
}
