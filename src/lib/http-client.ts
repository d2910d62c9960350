/** The one HTTP client: fetch with a timeout, errors told apart, development-only redacted logging. */
import { buildQuery, type QueryPairs } from '@game-register/api-wire';

export { buildQuery, type QueryPairs }; // the wire's own, which the server builds the backend's query with

export type HttpErrorKind = 'timeout' | 'network' | 'status' | 'parse' | 'aborted';

export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly status: number | undefined;
  /** A refusal's Retry-After header as sent (a 429's or a 503's), else null. */
  readonly retryAfter: string | null;

  constructor(kind: HttpErrorKind, message: string, status?: number, retryAfter: string | null = null) {
    super(message);
    this.name = 'HttpError';
    this.kind = kind;
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

export interface HttpClientOptions {
  baseUrl: string;
  timeoutMs: number;
  log?: (line: string) => void;
  fetchImpl?: typeof fetch;
  /** Headers sent with every call, read when it is made. */
  headers?: () => Record<string, string>;
}

export interface PostOptions {
  query?: QueryPairs;
  body?: unknown;
  /** The caller's own abort (e.g. the puzzle hidden): the request stops and the call rejects as `aborted`. */
  signal?: AbortSignal;
  /** Headers of this call alone (reg's ad click), after the client's own. */
  headers?: Record<string, string>;
}

const REDACTED_KEYS = new Set(['password', 'repassword']);

export function redactQuery(pairs: QueryPairs): string {
  return buildQuery(pairs.map(([key, value]) => [key, REDACTED_KEYS.has(key.toLowerCase()) ? '***' : value] as const));
}

export function createHttpClient({ baseUrl, timeoutMs, log, fetchImpl, headers }: HttpClientOptions) {
  async function post<T>(path: string, { query = [], body, signal, headers: callHeaders }: PostOptions = {}): Promise<T> {
    const search = query.length > 0 ? `?${buildQuery(query)}` : '';
    const url = `${baseUrl}${path}${search}`;
    if (signal?.aborted) throw new HttpError('aborted', 'aborted by the caller');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const abortByCaller = () => controller.abort();
    signal?.addEventListener('abort', abortByCaller);
    const failure = (fallback: HttpErrorKind, message: string, status?: number) => {
      if (signal?.aborted) return new HttpError('aborted', 'aborted by the caller', status);
      if (controller.signal.aborted) return new HttpError('timeout', `timeout of ${timeoutMs} ms exceeded`, status);
      return new HttpError(fallback, message, status);
    };
    log?.(`→ POST ${baseUrl}${path}${query.length > 0 ? `?${redactQuery(query)}` : ''}`);
    try {
      let response: Response;
      try {
        response = await (fetchImpl ?? fetch)(url, {
          method: 'POST',
          signal: controller.signal,
          headers: {
            ...headers?.(),
            ...callHeaders,
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch {
        throw failure('network', 'network error');
      }
      log?.(`← ${response.status} ${baseUrl}${path}`);
      if (!response.ok) throw new HttpError('status', `HTTP ${response.status}`, response.status, response.headers.get('retry-after'));
      let text: string;
      try {
        text = await response.text();
      } catch {
        throw failure('network', 'body not received', response.status);
      }
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new HttpError('parse', 'response is not JSON', response.status);
      }
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abortByCaller);
    }
  }

  return { post };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
