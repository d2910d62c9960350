// A fake of the four ad platforms for the tests (and the bench, and the browser test): a real HTTP server on
// 127.0.0.1 that checks each request's fields and types as the platforms document them, records it, and
// can be told to fail, refuse, be busy, answer slowly, hang (receive but never answer), go down, or, as
// Ocean Engine with 鉴权 on, discard the reports whose x-rs256-token its public key does not verify.
import type { KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { AdPlatform } from '@game-register/site-settings/ad-clicks';
import { checkRequest, clickIdOf, isSignedBy, PLATFORM_OF_PATH } from './fake-checks';

export type FakeMode = 'ok' | 'fail' | 'refuse' | 'auth' | 'expired' | 'busy' | 'hang';

export interface FakeRequest {
  platform: AdPlatform;
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** Everything the platform received: the raw query and body, to search for personal data. */
  raw: string;
  /** The headers a platform reads beyond the body: Ocean Engine's x-rs256-token and x-debug-mode. */
  headers: { signature: string | null; debugMode: string | null };
  /** The click the report is for (Baidu: the bd_vid of its logidUrl). */
  clickId: string;
  /** The dedupe key, where the platform has one. */
  eventId: string | null;
  /** What the fake answered: ok, or the mode that refused it; discarded: unsigned while signing is on. */
  answered: FakeMode | 'invalid' | 'discarded';
}

export interface FakePlatforms {
  /** http://127.0.0.1:port: every ADS_ENDPOINT_* points here. */
  readonly origin: string;
  readonly requests: FakeRequest[];
  /** Requests whose fields did not match the documentation, each with why. */
  readonly problems: string[];
  /** How a platform answers from now on; delayMs: each answer that long late. */
  behave(platform: AdPlatform | 'all', mode: FakeMode, delayMs?: number): void;
  /** Ocean Engine's 鉴权: from now on a report whose signature this public key does not verify is discarded (null: off). */
  requireSignature(publicKey: KeyObject | null): void;
  /** Stops listening and drops open connections (refused from now on); up() listens again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
  /** The ADS_ENDPOINT_* variables for a server that reports here. */
  env(): Record<string, string>;
}

const OK: Record<AdPlatform, unknown> = {
  tencent: { code: 0, message: '' },
  oceanengine: { code: 0, message: '成功' },
  baidu: { header: { status: 0, desc: 'success' } },
  kuaishou: { result: 1 },
};
const REFUSED: Record<AdPlatform, unknown> = {
  tencent: { code: 51000, message: 'unknown action' },
  oceanengine: { code: 40001, message: '参数错误' },
  baidu: { header: { status: 2, desc: 'failure', failures: [{ code: 10003, message: 'logidUrl invalid', position: 0 }] } },
  kuaishou: { result: 0, error_msg: 'callbackinfo decoded failure' },
};
/** Tencent's "system busy", Baidu's "system error"; the two without such a code answer 503. */
const BUSY: Record<AdPlatform, [number, unknown]> = {
  tencent: [200, { code: 10000, message: 'system busy', message_cn: '系统繁忙' }],
  oceanengine: [503, { message: 'unavailable' }],
  baidu: [200, { header: { status: 3, desc: 'system error' } }],
  kuaishou: [503, { message: 'unavailable' }],
};

function jsonOrText(raw: string): unknown {
  try {
    return raw === '' ? null : (JSON.parse(raw) as unknown);
  } catch {
    return raw;
  }
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakePlatforms(port = 0): Promise<FakePlatforms> {
  const requests: FakeRequest[] = [];
  const problems: string[] = [];
  const modes = new Map<AdPlatform, { mode: FakeMode; delayMs: number }>();
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  let signingKey: KeyObject | null = null;

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const raw = await bodyOf(request);
    if (url.pathname === '/__fake/requests') return send(200, { requests, problems });
    if (url.pathname === '/__fake/behave') {
      fake.behave(
        url.searchParams.get('platform') as AdPlatform | 'all',
        url.searchParams.get('mode') as FakeMode,
        Number(url.searchParams.get('delayMs') ?? 0),
      );
      return send(200, { ok: true });
    }
    const platform = PLATFORM_OF_PATH[url.pathname];
    if (!platform) return send(404, { message: 'not a platform path' });
    const body = jsonOrText(raw);
    const query = Object.fromEntries(url.searchParams);
    const found = checkRequest(platform, request.method ?? '', query, body, Date.now());
    const { mode, delayMs } = modes.get(platform) ?? { mode: 'ok', delayMs: 0 };
    const header = (name: string) => (typeof request.headers[name] === 'string' ? request.headers[name] : null);
    const headers = { signature: header('x-rs256-token'), debugMode: header('x-debug-mode') };
    // 鉴权 on: a report that fails it is dropped without a reason (what the platform answers then is not documented).
    const discarded =
      platform === 'oceanengine' && signingKey !== null && !isSignedBy(signingKey, request.method ?? '', url, raw, headers.signature);
    const answered = found.length > 0 ? 'invalid' : discarded ? 'discarded' : mode;
    const record: FakeRequest = {
      platform,
      method: request.method ?? '',
      path: url.pathname,
      query,
      body,
      raw: `${url.search}\n${raw}`,
      headers,
      ...clickIdOf(platform, query, body),
      answered,
    };
    requests.push(record);
    if (found.length > 0) {
      problems.push(...found.map((problem) => `${platform}: ${problem}`));
      return send(200, REFUSED[platform]);
    }
    if (discarded) return send(200, OK[platform]);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (mode === 'hang') return void hanging.add(response);
    if (mode === 'fail') return send(503, { message: 'unavailable' });
    if (mode === 'refuse') return send(200, REFUSED[platform]);
    if (mode === 'busy') return send(...BUSY[platform]);
    if (mode === 'expired')
      return platform === 'tencent' ? send(200, { code: 11000, message: 'access token expired' }) : send(401, { message: 'unauthorized' });
    if (mode === 'auth')
      return platform === 'tencent' ? send(200, { code: 11002, message: 'access token invalid' }) : send(401, { message: 'unauthorized' });
    return send(200, OK[platform]);
  }

  const server: Server = createServer((request, response) => void answer(request, response).catch(() => response.destroy()));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = (on: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      hanging.clear();
      server.close(() => resolve());
    });
  const boundPort = await listen(port);
  const origin = `http://127.0.0.1:${boundPort}`;

  const fake: FakePlatforms = {
    origin,
    requests,
    problems,
    behave(platform, mode, delayMs = 0) {
      for (const each of platform === 'all' ? (['tencent', 'oceanengine', 'baidu', 'kuaishou'] as const) : [platform])
        modes.set(each, { mode, delayMs });
    },
    requireSignature(publicKey) {
      signingKey = publicKey;
    },
    down: stop,
    up: async () => void (await listen(boundPort)),
    close: stop,
    env: () => ({
      ADS_ENDPOINT_TENCENT: origin,
      ADS_ENDPOINT_OCEANENGINE: origin,
      ADS_ENDPOINT_BAIDU: origin,
      ADS_ENDPOINT_KUAISHOU: origin,
    }),
  };
  return fake;
}
