// Pure: an HTTP/1.1 answer read from the bytes that came so far, as the backend's lean client (http1-client.ts)
// reads it: the status line, the headers, and the body framed by Transfer-Encoding: chunked, Content-Length, or
// the connection's end; 1xx answers skipped. Never more than MAX_HEAD_BYTES of head or `maxBody` of body.
import type { IncomingHttpHeaders } from 'node:http';

export const MAX_HEAD_BYTES = 16 * 1024;

export type AnswerRead =
  | { done: false }
  | { done: true; statusCode: number; headers: IncomingHttpHeaders; body: Buffer; keepAlive: boolean; rest: number }
  | { error: 'malformed' | 'too-large'; message: string };

const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?: [^\r\n]*)?$/;
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;
const malformed = (message: string): AnswerRead => ({ error: 'malformed', message });

/**
 * Reads an answer from `bytes`; `ended`: the backend closed its side, so a body without a length ends here.
 * `rest`: bytes after the answer (a well-behaved backend sends none before it is asked again).
 */
export function readAnswer(bytes: Buffer, ended: boolean, maxBody: number): AnswerRead {
  let at = 0;
  for (;;) {
    const headEnd = bytes.indexOf('\r\n\r\n', at, 'latin1');
    if (headEnd < 0)
      return bytes.length - at > MAX_HEAD_BYTES
        ? malformed('an answer head over 16 KB')
        : ended
          ? malformed('the backend closed before its answer head')
          : { done: false };
    if (headEnd - at > MAX_HEAD_BYTES) return malformed('an answer head over 16 KB');
    const lines = bytes.toString('latin1', at, headEnd).split('\r\n');
    const status = STATUS_LINE.exec(lines[0]!);
    if (status === null) return malformed('not an HTTP/1.x status line');
    const statusCode = Number(status[2]);
    const headers: IncomingHttpHeaders = {};
    for (const line of lines.slice(1)) {
      const header = HEADER_LINE.exec(line);
      if (header === null) return malformed('a malformed header line');
      const name = header[1]!.toLowerCase();
      const value = header[2]!;
      const seen = headers[name];
      if (seen === undefined) headers[name] = value;
      else headers[name] = Array.isArray(seen) ? [...seen, value] : [seen, value];
    }
    at = headEnd + 4;
    if (statusCode < 200) continue; // 100 Continue, 103 Early Hints: the answer follows
    const connection = String(headers.connection ?? '').toLowerCase();
    const keepAlive = status[1] === '1' ? !connection.includes('close') : connection.includes('keep-alive');
    const body = readBody(bytes, at, headers, statusCode, ended, maxBody);
    if ('error' in body || !body.done) return body as AnswerRead;
    return { done: true, statusCode, headers, body: body.body, keepAlive: keepAlive && body.framed, rest: bytes.length - body.end };
  }
}

type BodyRead =
  { done: false } | { done: true; body: Buffer; end: number; framed: boolean } | { error: 'malformed' | 'too-large'; message: string };

function readBody(bytes: Buffer, at: number, headers: IncomingHttpHeaders, statusCode: number, ended: boolean, maxBody: number): BodyRead {
  if (statusCode === 204 || statusCode === 304) return { done: true, body: Buffer.alloc(0), end: at, framed: true };
  const encoding = headers['transfer-encoding'];
  const length = headers['content-length'];
  if (encoding !== undefined) {
    if (String(encoding).toLowerCase().trim() !== 'chunked' || length !== undefined)
      return { error: 'malformed', message: 'a transfer encoding other than chunked alone' };
    return readChunked(bytes, at, ended, maxBody);
  }
  if (length !== undefined) {
    if (Array.isArray(length) || !/^\d{1,15}$/.test(length)) return { error: 'malformed', message: 'a malformed Content-Length' };
    const size = Number(length);
    if (size > maxBody) return { error: 'too-large', message: `an answer over ${maxBody} bytes` };
    if (bytes.length - at < size)
      return ended ? { error: 'malformed', message: 'the backend closed before its answer ended' } : { done: false };
    return { done: true, body: bytes.subarray(at, at + size), end: at + size, framed: true };
  }
  if (bytes.length - at > maxBody) return { error: 'too-large', message: `an answer over ${maxBody} bytes` };
  return ended ? { done: true, body: bytes.subarray(at), end: bytes.length, framed: false } : { done: false };
}

function readChunked(bytes: Buffer, start: number, ended: boolean, maxBody: number): BodyRead {
  const parts: Buffer[] = [];
  let size = 0;
  let at = start;
  const more = (): BodyRead => (ended ? { error: 'malformed', message: 'the backend closed before its answer ended' } : { done: false });
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at, 'latin1');
    if (lineEnd < 0) return bytes.length - at > 1024 ? { error: 'malformed', message: 'a malformed chunk' } : more();
    const sizeText = bytes.toString('latin1', at, lineEnd).split(';', 1)[0]!.trim();
    if (!/^[0-9a-fA-F]{1,8}$/.test(sizeText)) return { error: 'malformed', message: 'a malformed chunk size' };
    const chunk = Number.parseInt(sizeText, 16);
    at = lineEnd + 2;
    if (chunk === 0) {
      // Trailers, if any, then the empty line.
      for (;;) {
        const trailerEnd = bytes.indexOf('\r\n', at, 'latin1');
        if (trailerEnd < 0) return more();
        const empty = trailerEnd === at;
        at = trailerEnd + 2;
        if (empty) break;
      }
      return { done: true, body: parts.length === 1 ? parts[0]! : Buffer.concat(parts, size), end: at, framed: true };
    }
    size += chunk;
    if (size > maxBody) return { error: 'too-large', message: `an answer over ${maxBody} bytes` };
    if (bytes.length < at + chunk + 2) return more();
    if (bytes[at + chunk] !== 0x0d || bytes[at + chunk + 1] !== 0x0a)
      return { error: 'malformed', message: 'a chunk without its line end' };
    parts.push(bytes.subarray(at, at + chunk));
    at += chunk + 2;
  }
}
