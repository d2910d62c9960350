import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';
const ID_BYTES = 16;

export interface PassToken {
  id: string;
  expiresAt: number;
}

function signature(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

/** `v1.<id>.<expiry, base 36>.<HMAC-SHA256>`: the server can tell its own tokens without storing them. */
export function signPassToken(secret: string, expiresAt: number): string {
  return issuePassToken(secret, expiresAt).token;
}

/** A new signed token with its id: what the pass's facts are kept under (pass-facts.ts). */
export function issuePassToken(secret: string, expiresAt: number): PassToken & { token: string } {
  const id = randomBytes(ID_BYTES).toString('base64url');
  const body = `${VERSION}.${id}.${expiresAt.toString(36)}`;
  return { id, expiresAt, token: `${body}.${signature(secret, body).toString('base64url')}` };
}

/** The token's id and expiry when it is well formed and signed with `secret` (expiry is not checked here). */
export function readPassToken(secret: string, token: string): PassToken | null {
  if (token.length > 200) return null;
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) return null;
  const [, id = '', expiry = '', mac = ''] = parts;
  if (!/^[\w-]{22}$/.test(id) || !/^[0-9a-z]{1,12}$/.test(expiry)) return null;
  const expected = signature(secret, `${VERSION}.${id}.${expiry}`);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { id, expiresAt: parseInt(expiry, 36) };
}
