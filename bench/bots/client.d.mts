/** One answer: the HTTP status, the parsed JSON body, and Retry-After in seconds when sent. */
export interface Answer {
  status: number;
  /** The parsed JSON body (a string when it was not JSON; null when empty). */
  body: unknown;
  retryAfter: number | null;
}
export interface ClientOptions {
  base: string;
  /** Sent as X-Forwarded-For (believed only by a server started with TRUST_PROXY); null: the connection's own. */
  address?: string | null;
}
export interface VerifyBody {
  id: string;
  offsetX: number;
  trail: Array<{ x: number; y: number; t: number }>;
  work?: unknown;
}
export interface Client {
  base: string;
  address: string | null;
  /** The same server as another address. */
  as(other: string | null): Client;
  challenge(pixelRatio?: number): Promise<Answer>;
  verify(body: VerifyBody): Promise<Answer>;
  /** The registration call with a pass token (none when null), in the app's fixed query order. */
  register(token: string | null, account: { name: string; mobile: string; password?: string }): Promise<Answer>;
}
export type Outcome = 'passed' | 'failed' | 'locked' | 'busy' | 'refused';
export type AddressMode = 'one' | 'net24' | 'many24';
export function createClient(options: ClientOptions): Client;
/** What one call's answer means to a bot: 429 locked, 503 busy, other non-200 refused, else passed or failed. */
export function outcomeOf(answer: Answer): Outcome;
/** The address a bot poses as on each attempt, in one of the three modes; `lane` keeps runs apart. */
export function addressPlan(mode: AddressMode, lane: number): (attempt: number) => string;
