import { redactSecrets, redactUrl, REDACTED } from './logger';

describe('redactUrl', () => {
  it('masks Password and rePassword and keeps every other param as sent, in order', () => {
    expect(redactUrl('/api/Index/reg?name=bob&Password=p%40ss&rePassword=p%40ss&wash=1&QQ=')).toBe(
      `/api/Index/reg?name=bob&Password=${REDACTED}&rePassword=${REDACTED}&wash=1&QQ=`,
    );
  });

  it('masks encoded and differently cased spellings of the key', () => {
    expect(redactUrl('/x?Pass%77ord=a&PASSWORD=b&re%50assword=c')).toBe(`/x?Pass%77ord=${REDACTED}&PASSWORD=${REDACTED}&re%50assword=${REDACTED}`);
  });

  it('leaves URLs without passwords alone', () => {
    expect(redactUrl('/api/Index/checkuser?param=a&name=name')).toBe('/api/Index/checkuser?param=a&name=name');
    expect(redactUrl('/register')).toBe('/register');
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
