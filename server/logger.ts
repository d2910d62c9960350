import { createHmac, randomBytes } from 'node:crypto';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { LogLevel } from './config/config';
import { clientAddressOf } from './client-address';

export const REDACTED = '[REDACTED]';

/** Any parameter whose name mentions a password: Password, rePassword and their spellings. */
const SECRET_KEY = /password/i;
/** name=value (URLs, form bodies) and "name":"value" (JSON, possibly escaped inside a JSON string). */
const SECRET_IN_TEXT = /([\w%-]*passw(?:or)?d[\w%-]*)(=|\\?"\s*:\s*\\?")((?:\\.|[^&"\\\s])*)/gi;

/** Personal data under PIPL: the account name, the mobile number, and the checks' `param` (one or the other). */
const PERSONAL_KEY = /^(?:name|mobile|param)(?!\w)/i;
/** Drawn at start: a prefix ties one value's lines together in this process, and no table of all mobiles undoes it. */
const MASK_KEY = randomBytes(32);

/** A personal value as the logs keep it: its length and the start of a keyed hash, e.g. `[len=11 #3fa9c2b1]`. */
export function maskPersonal(value: string): string {
  return `[len=${[...value].length} #${createHmac('sha256', MASK_KEY).update(value).digest('hex').slice(0, 8)}]`;
}

/**
 * The URL with the value of every password parameter replaced and every personal one masked (name, mobile,
 * param: length and hash prefix), whatever its spelling or encoding.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url.slice(queryStart + 1);
  if (!/pass|name|mobile|param|%/i.test(query)) return url;
  const pairs = query.split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const rawKey = equals === -1 ? pair : pair.slice(0, equals);
    const key = safeDecode(rawKey);
    if (SECRET_KEY.test(key)) return `${rawKey}=${REDACTED}`;
    if (equals !== -1 && equals < pair.length - 1 && PERSONAL_KEY.test(key))
      return `${rawKey}=${maskPersonal(safeDecode(pair.slice(equals + 1)))}`;
    return pair;
  });
  return `${url.slice(0, queryStart)}?${pairs.join('&')}`;
}

/** Last line of defence: masks anything that looks like a password value in a finished log line. */
export function redactSecrets(line: string): string {
  if (!/passw/i.test(line)) return line;
  return line.replace(SECRET_IN_TEXT, (_match, key: string, separator: string) => `${key}${separator}${REDACTED}`);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

export interface LogDestination {
  write(line: string): unknown;
}

/** One line per request, written when the answer has gone; request bodies are never logged. */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Pino options: JSON lines, URLs redacted wherever a request is logged, every line redacted again on its way out. */
export function loggerOptions(level: LogLevel, destination: LogDestination = process.stdout) {
  return {
    level,
    stream: { write: (line: string) => destination.write(redactSecrets(line)) },
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url), ip: clientAddressOf(request) }),
    },
  } satisfies FastifyServerOptions['logger'];
}
