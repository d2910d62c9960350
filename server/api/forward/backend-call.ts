// One call to the backend on undici's dispatcher, at its lowest level: the answer gathered into one buffer and
// the deadline one Node timer. No stream, async iterator or AbortSignal per call: in front of a fast backend they
// were a fifth of the gateway's CPU per forwarded call (docs/decisions/forwarded-call-against-nginx.md).
import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';

/** The most of a backend answer passed on: the three calls answer a few dozen bytes. */
export const MAX_ANSWER_BYTES = 64 * 1024;

export interface BackendRequest {
  method: 'POST';
  path: string;
  headers: Record<string, string>;
  body: string | null;
}

export type BackendResult =
  | { ok: true; statusCode: number; headers: IncomingHttpHeaders; body: Buffer }
  /** `timeout`: no whole answer within the deadline; `down`: no answer; `too-large`: more than MAX_ANSWER_BYTES. */
  | { ok: false; failure: 'timeout' | 'down' | 'too-large'; code?: string; message: string };

class DeadlinePassed extends Error {
  code = 'DEADLINE';
}

/**
 * Sends one request and gathers its whole answer, or says why there is none. The deadline covers waiting for a
 * connection, connecting, the headers and the body together, on Node's own timer (undici's tick coarsely); once it
 * passes, the call is aborted (its connection freed) and the result is `timeout` at once.
 */
export function callBackend(dispatcher: Dispatcher, request: BackendRequest, timeoutMs: number): Promise<BackendResult> {
  return new Promise((resolve) => {
    let settled = false;
    let controller: Dispatcher.DispatchController | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    let statusCode = 0;
    let headers: IncomingHttpHeaders = {};
    const settle = (result: BackendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      settle({ ok: false, failure: 'timeout', code: 'DEADLINE', message: `no whole answer within ${timeoutMs} ms` });
      controller?.abort(new DeadlinePassed());
    }, timeoutMs);
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(started) {
        controller = started;
        if (settled) started.abort(new DeadlinePassed());
      },
      onResponseStart(_controller, status, answerHeaders) {
        statusCode = status;
        headers = answerHeaders;
      },
      onResponseData(running, chunk) {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) {
          settle({ ok: false, failure: 'too-large', message: `an answer over ${MAX_ANSWER_BYTES} bytes` });
          running.abort(new Error('answer too large'));
          return;
        }
        chunks.push(chunk);
      },
      onResponseEnd() {
        settle({ ok: true, statusCode, headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
      },
      onResponseError(_controller, error) {
        const code = (error as { code?: string }).code;
        settle({
          ok: false,
          failure: code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' ? 'timeout' : 'down',
          code,
          message: error.message,
        });
      },
    };
    dispatcher.dispatch({ method: request.method, path: request.path, headers: request.headers, body: request.body }, handler);
  });
}
