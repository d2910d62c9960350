// The backend's lean client for a plain-HTTP API_TARGET: kept-alive TCP connections, one call at a time on each,
// the request written in one piece and the answer read whole (http1-answer.ts), the deadline one Node timer.
// What undici does for the proxy at about a quarter of the gateway's CPU per forwarded call
// (docs/decisions/api-wing-client-address-and-api-wire.md); an https target keeps undici (backend-call.ts).
import { connect, type Socket } from 'node:net';
import { MAX_ANSWER_BYTES, type BackendRequest, type BackendResult } from './backend-call';
import { readAnswer } from './http1-answer';

/** How long a kept connection may wait for its next call (undici's default), less when the backend says so. */
const IDLE_MS = 4_000;
const UNSAFE = /[\r\n\0]/;

interface Call {
  data(chunk: Buffer): void;
  ended(): void;
  failed(error: Error & { code?: string }): void;
}

/** One connection to the backend: the call it carries, or idle with its timer. */
class Connection {
  call: Call | null = null;
  idle: NodeJS.Timeout | null = null;
  constructor(
    readonly socket: Socket,
    gone: (connection: Connection) => void,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => (this.call ? this.call.data(chunk) : socket.destroy())); // bytes nobody asked for
    socket.on('end', () => (this.call ? this.call.ended() : socket.destroy()));
    socket.on('error', (error) => this.call?.failed(error));
    socket.on('close', () => {
      this.call?.failed(Object.assign(new Error('the backend closed the connection'), { code: 'UND_ERR_SOCKET' }));
      if (this.idle) clearTimeout(this.idle);
      gone(this);
    });
  }
}

export interface Http1Client {
  call(request: BackendRequest, timeoutMs: number): Promise<BackendResult>;
  close(): void;
}

/** A client of `target` (http: only). */
export function http1Client(target: URL): Http1Client {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const port = Number(target.port || 80);
  const idle: Connection[] = [];
  const open = new Set<Connection>();
  let closed = false;
  const gone = (connection: Connection) => {
    open.delete(connection);
    const at = idle.indexOf(connection);
    if (at >= 0) idle.splice(at, 1);
  };
  const take = () => {
    const kept = idle.pop();
    if (kept) {
      clearTimeout(kept.idle!);
      kept.idle = null;
      return kept;
    }
    const connection = new Connection(connect({ host, port }), gone);
    open.add(connection);
    return connection;
  };
  const release = (connection: Connection, keepAliveHeader: unknown) => {
    connection.call = null;
    if (closed) return void connection.socket.destroy();
    const hinted = /timeout=(\d+)/.exec(String(keepAliveHeader ?? ''));
    const idleMs = hinted ? Math.min(IDLE_MS, Math.max(0, Number(hinted[1]) * 1000 - 1000)) : IDLE_MS;
    if (idleMs === 0) return void connection.socket.destroy();
    connection.idle = setTimeout(() => connection.socket.destroy(), idleMs).unref();
    idle.push(connection);
  };

  function call(request: BackendRequest, timeoutMs: number): Promise<BackendResult> {
    return new Promise((resolve) => {
      let head = `${request.method} ${request.path} HTTP/1.1\r\n`;
      for (const name in request.headers) {
        const value = request.headers[name]!;
        if (UNSAFE.test(value) || UNSAFE.test(name) || UNSAFE.test(request.path))
          return resolve({ ok: false, failure: 'down', code: 'UNSAFE_HEADER', message: 'a header the backend could read as two' });
        head += `${name}: ${value}\r\n`;
      }
      const connection = take();
      let bytes: Buffer = Buffer.alloc(0);
      let settled = false;
      const settle = (result: BackendResult, keep?: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (keep === undefined) {
          connection.call = null;
          connection.socket.destroy();
        } else release(connection, keep);
        resolve(result);
      };
      const timer = setTimeout(
        () => settle({ ok: false, failure: 'timeout', code: 'DEADLINE', message: `no whole answer within ${timeoutMs} ms` }),
        timeoutMs,
      );
      const read = (ended: boolean) => {
        const answer = readAnswer(bytes, ended, MAX_ANSWER_BYTES);
        if ('error' in answer)
          return settle({
            ok: false,
            failure: answer.error === 'too-large' ? 'too-large' : 'down',
            code: 'BAD_ANSWER',
            message: answer.message,
          });
        if (!answer.done) return;
        const reusable = answer.keepAlive && answer.rest === 0 && !ended;
        settle(
          { ok: true, statusCode: answer.statusCode, headers: answer.headers, body: answer.body },
          reusable ? (answer.headers['keep-alive'] ?? '') : undefined,
        );
      };
      connection.call = {
        data(chunk) {
          bytes = bytes.length === 0 ? chunk : Buffer.concat([bytes, chunk]);
          read(false);
        },
        ended: () => read(true),
        failed: (error) => settle({ ok: false, failure: 'down', code: error.code, message: error.message }),
      };
      connection.socket.write(request.body === null ? `${head}\r\n` : `${head}\r\n${request.body}`);
    });
  }

  return {
    call,
    close() {
      closed = true;
      for (const connection of open) connection.socket.destroy();
    },
  };
}
