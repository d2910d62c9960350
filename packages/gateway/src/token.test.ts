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
