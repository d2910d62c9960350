import { maskPersonal, redactSecrets, redactUrl, REDACTED } from './logger';

describe('redactUrl', () => {
  it('masks Password and rePassword and keeps every other param as sent, in order', () => {
    expect(redactUrl('/api/Index/reg?wash=1&Password=p%40ss&rePassword=p%40ss&code=H5REG&QQ=')).toBe(
      `/api/Index/reg?wash=1&Password=${REDACTED}&rePassword=${REDACTED}&code=H5REG&QQ=`,
    );
  });

  it('masks encoded and differently cased spellings of the key', () => {
    expect(redactUrl('/x?Pass%77ord=a&PASSWORD=b&re%50assword=c')).toBe(
      `/x?Pass%77ord=${REDACTED}&PASSWORD=${REDACTED}&re%50assword=${REDACTED}`,
    );
  });

  it('leaves URLs without passwords or personal fields alone', () => {
    expect(redactUrl('/register?c=CH7&clickid=abc')).toBe('/register?c=CH7&clickid=abc');
    expect(redactUrl('/register')).toBe('/register');
  });

  it('masks name, mobile and param, in any spelling, to their length and a hash prefix that ties equal values together', () => {
    const masked = redactUrl('/api/Index/reg?name=%E5%B0%8F%E6%98%8E&mobile=13912345678&wash=1&Mobile=13912345678&param=13912345678');
    expect(masked).toMatch(
      /^\/api\/Index\/reg\?name=\[len=2 #[0-9a-f]{8}\]&mobile=\[len=11 #([0-9a-f]{8})\]&wash=1&Mobile=\[len=11 #\1\]&param=\[len=11 #\1\]$/,
    );
    expect(masked).not.toContain('1391234');
    expect(maskPersonal('13912345678')).not.toBe(maskPersonal('13912345679'));
  });
});

describe('redactSecrets', () => {
  it.each([
    ['a URL in a line', '{"url":"/reg?Password=hunter2&x=1"}', 'hunter2'],
    ['a JSON field', '{"body":{"Password":"hunter2"}}', 'hunter2'],
    ['JSON inside a JSON string', '{"msg":"got {\\"rePassword\\":\\"hunter2\\"}"}', 'hunter2'],
    ['an escaped quote in the value', '{"body":{"Password":"hun\\"ter2"}}', 'ter2'],
  ])('masks the password in %s', (_label, line, secret) => {
    expect(redactSecrets(line)).not.toContain(secret);
    expect(redactSecrets(line)).toContain(REDACTED);
  });
});
