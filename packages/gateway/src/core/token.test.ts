import { createHmac } from 'node:crypto';
import { readPassToken, signPassToken } from './token';

const SECRET = 'k'.repeat(64);

describe('pass tokens', () => {
  it('reads back its own token: a random id and the expiry', () => {
    const token = signPassToken(SECRET, 1_800_000_120_000);
    const pass = readPassToken(SECRET, token);
    expect(pass).toEqual({ id: expect.stringMatching(/^[\w-]{22}$/), expiresAt: 1_800_000_120_000 });
    expect(readPassToken(SECRET, signPassToken(SECRET, 1))!.id).not.toBe(pass!.id);
  });

  it('refuses another key, a changed expiry or id, and malformed text', () => {
    const token = signPassToken(SECRET, 1_800_000_120_000);
    const [version, id, expiry, mac] = token.split('.');
    expect(readPassToken('x'.repeat(64), token)).toBeNull();
    expect(readPassToken(SECRET, [version, id, (parseInt(expiry!, 36) + 1).toString(36), mac].join('.'))).toBeNull();
    expect(readPassToken(SECRET, [version, `${id!.startsWith('A') ? 'B' : 'A'}${id!.slice(1)}`, expiry, mac].join('.'))).toBeNull();
    for (const bad of ['', 'v1', 'v1...', `v2.${id}.${expiry}.${mac}`, `${token}.x`, token.slice(0, -2), 'v1.'.repeat(100)]) {
      expect(readPassToken(SECRET, bad)).toBeNull();
    }
  });
});

/** A token signed with the right key around any id and expiry, as a leaked key or a bug elsewhere could make. */
function signedAround(id: string, expiry: string): string {
  const body = `v1.${id}.${expiry}`;
  return `${body}.${createHmac('sha256', SECRET).update(body).digest('base64url')}`;
}

describe('a signed pass token of a shape the server never issues', () => {
  const id = 'A'.repeat(22);

  it('is read when its id and expiry are of the issued form', () => {
    expect(readPassToken(SECRET, signedAround(id, 'zz'))).toEqual({ id, expiresAt: 35 * 36 + 35 });
  });

  it('is refused for an id that is not 22 URL-safe characters, even with a good expiry', () => {
    for (const bad of [`${id}!`, `!${id}`, `${id}A`, 'A'.repeat(21)]) expect(readPassToken(SECRET, signedAround(bad, 'zz'))).toBeNull();
  });

  it('is refused for an expiry that is not 1 to 12 base-36 digits, even with a good id', () => {
    for (const bad of ['zz!', '!zz', 'Z', '1'.repeat(13)]) expect(readPassToken(SECRET, signedAround(id, bad))).toBeNull();
  });
});

// Equivalent mutant (packages/gateway/src/core/token.ts, ConditionalExpression): `token.length > 200` -> `false`: the id, expiry and MAC checks refuse every token over 82 characters anyway; the bound only spares the work of splitting a huge string.
// Equivalent mutant (packages/gateway/src/core/token.ts, EqualityOperator): `token.length > 200` -> `token.length >= 200`: as above, no token of 200 characters gets past the later checks.
// Equivalent mutant (packages/gateway/src/core/token.ts, StringLiteral): `''` -> `"Stryker was here!"`: the defaults of the destructuring are never used, since exactly four parts were checked just before.
