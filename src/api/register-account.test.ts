import { buildQuery } from '@/lib/http-client';
import { adHeaders, buildRegistrationQuery } from './register-account';

describe('buildRegistrationQuery', () => {
  it('lists the fields in the exact order, with the fixed values', () => {
    const query = buildRegistrationQuery({ name: 'bob', password: 'p1', rePassword: 'p1', mobile: '13800138000' }, 'CH01');
    expect(buildQuery(query)).toBe('name=bob&Password=p1&rePassword=p1&wash=1&washType=2&code=CH01&mobile=13800138000&QQ=&islogin=true');
  });

  it('sends hostile and long input URL-encoded exactly as typed', () => {
    const name = ` 玩家 "a'&b=c" 😀 <b>x</b> `;
    const long = 'x'.repeat(10_000);
    const query = buildRegistrationQuery({ name, password: long, rePassword: long, mobile: '1' }, 'c');
    const params = new URLSearchParams(buildQuery(query));
    expect(params.get('name')).toBe(name);
    expect(params.get('Password')).toBe(long);
    expect(buildQuery(query).split('&')).toHaveLength(9); // the & in the name is encoded
    expect(buildQuery(query)).not.toMatch(/[ "<>]/);
  });
});

describe('adHeaders', () => {
  it("sends the visit's click, and the consent only when the box was ticked", () => {
    expect(adHeaders(null, true)).toEqual({});
    expect(adHeaders('clickid=abc', false)).toEqual({ 'X-Ad-Clicks': 'clickid=abc' });
    expect(adHeaders('clickid=abc', true)).toEqual({ 'X-Ad-Clicks': 'clickid=abc', 'X-Ad-Consent': '1' });
  });
});
