import { connect } from 'node:net';

/** Header lines in the order sent; a name may repeat (two `Cookie` lines). */
export type RawHeaders = ReadonlyArray<readonly [string, string]>;

export interface RawRequestOptions {
  port: number;
  method: string;
  /** The request target, sent as is (UTF-8): no client normalises `%72`, `..`, `#` or `//`. */
  target: string;
  headers?: RawHeaders;
  body?: string | Buffer;
  timeoutMs?: number;
}

export interface RawResponse {
  status: number;
  /** Lowercased names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  body: string;
}

const hasHeader = (headers: RawHeaders, name: string) => headers.some(([key]) => key.toLowerCase() === name);

/** The request's bytes: Host, Content-Length and `Connection: close` are added unless given. */
export function rawRequestBytes({ port, method, target, headers = [], body }: RawRequestOptions): Buffer {
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const lines: [string, string][] = [...headers.map(([name, value]) => [name, value] as [string, string])];
  if (!hasHeader(headers, 'host')) lines.unshift(['Host', `127.0.0.1:${port}`]);
  if (body !== undefined && !hasHeader(headers, 'content-length') && !hasHeader(headers, 'transfer-encoding')) {
    lines.push(['Content-Length', String(payload.length)]);
  }
  if (!hasHeader(headers, 'connection')) lines.push(['Connection', 'close']);
  const head = `${method} ${target} HTTP/1.1\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'utf8'), payload]);
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const end = data.indexOf('\r\n', at);
    if (end < 0) break;
    const size = Number.parseInt(data.subarray(at, end).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(data.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Parses a whole HTTP/1.1 response (the connection closed after it). */
export function parseRawResponse(data: Buffer): RawResponse {
  const split = data.indexOf('\r\n\r\n');
  if (split < 0) throw new Error(`no complete response head in ${data.length} bytes`);
  const [statusLine = '', ...headerLines] = data.subarray(0, split).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!Number.isInteger(status)) throw new Error(`not an HTTP status line: ${JSON.stringify(statusLine)}`);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  const rest = data.subarray(split + 4);
  const body = headers['transfer-encoding']?.toLowerCase().includes('chunked') ? dechunk(rest) : rest;
  return { status, headers, body: body.toString('utf8') };
}

/** Sends one request over a fresh TCP connection to 127.0.0.1 and reads the answer until the server closes. */
export function sendRaw(options: RawRequestOptions): Promise<RawResponse> {
  return sendRawBytes(options.port, rawRequestBytes(options), options.timeoutMs).then(parseRawResponse);
}

/** Sends these bytes (one request, or several pipelined) over a fresh connection; all that came back once the server closed. */
export function sendRawBytes(port: number, bytes: Buffer, timeoutMs = 10_000): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** How a client leaves after sending its request: a FIN, a reset, or a junk line the server cannot parse. */
export type Leaving = 'fin' | 'reset' | 'junk';

/**
 * Sends `bytes` over a fresh connection and leaves without waiting for the answer; resolves when the socket has
 * closed. A reset comes when `resetWhen` settles (e.g. once the server has the request), a FIN and a junk line
 * in the same write as the request.
 */
export function sendAndLeave(port: number, bytes: Buffer, leave: Leaving, resetWhen: Promise<unknown> = Promise.resolve()): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {}); // a reset is the point, not a failure
    socket.on('close', () => resolve());
    socket.resume();
    if (leave === 'fin') socket.end(bytes);
    else if (leave === 'junk') socket.write(Buffer.concat([bytes, Buffer.from('junk\r\n\r\n')]));
    else {
      socket.write(bytes);
      void resetWhen.then(() => socket.resetAndDestroy());
    }
  });
}
