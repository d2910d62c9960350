import type { Client } from './client.mjs';

export type BotName = 'jump' | 'replay' | 'guess' | 'vision';
export const BOTS: readonly BotName[];

export interface BotOptions {
  client: Client;
  attempts: number;
  /** The address of each attempt (default: the client's own). */
  addressFor?: (attempt: number) => string | null;
  /** The true answer, when the caller knows it (a server with a fixed test seed): jump, replay and guess take it. */
  answerFor?: ((challenge: { id: string; width: number; height: number; pieceSize: number; pieceY: number }) => number) | null;
  random?: () => number;
  pixelRatio?: number;
  /** Answer no sooner than the faked drag could have taken (guess and vision). */
  pace?: boolean;
}

export interface BotReport {
  bot: string;
  attempts: number;
  passes: number;
  /** Answers (challenge or verify) refused with 429: the address or its network locked, or rate limited. */
  locked: number;
  /** 503 answers (the server busy), waited out and retried. */
  busy: number;
  /** Other non-200 answers (400: malformed or altered work). */
  refused: number;
  workCpuSeconds: number;
  visionCpuSeconds: number;
  wallSeconds: number;
  /** Replay bot: the honest passes whose id, token and work it replayed. */
  setupPasses: number;
}

/** The answers a bot may give, from the puzzle's public layout. */
export function offsetRange(challenge: { width: number; pieceSize: number }): { min: number; max: number };
export function runJumpBot(options: BotOptions): Promise<BotReport>;
export function runReplayBot(options: BotOptions): Promise<BotReport>;
export function runGuessBot(options: BotOptions): Promise<BotReport>;
export function runVisionBot(options: BotOptions): Promise<BotReport>;
export function runBot(bot: BotName, options: BotOptions): Promise<BotReport>;
/** The answer of a server with a fixed CAPTCHA_TEST_SEED, found from outside by trying; null if nothing passed. */
export function findSeededAnswer(client: Client, options?: { lane?: number }): Promise<number | null>;
/** One row of the bench's table. */
export function summarise(report: BotReport): Record<string, string | number>;
