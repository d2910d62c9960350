import { firstEmptyField, passwordsMatch, runSubmitChecks, type SubmitContext, type Verdict } from './submit-checks';

const filled = { name: 'player1', password: 'pw123456', rePassword: 'pw123456', mobile: '13800138000' };

function context(overrides: Partial<SubmitContext> = {}): SubmitContext & { calls: string[] } {
  const calls: string[] = [];
  return {
    values: filled,
    passwordValid: false,
    phoneValid: false,
    usernameVerdict: async (): Promise<Verdict> => {
      calls.push('checkuser');
      return { status: 'y' };
    },
    phoneVerdict: async (): Promise<Verdict> => {
      calls.push('checktel');
      return { status: 'y' };
    },
    ...overrides,
    calls,
  };
}

describe('firstEmptyField', () => {
  it.each([
    [{ ...filled, name: '' }, 'name', '请输入用户名'],
    [{ ...filled, name: '', mobile: '' }, 'name', '请输入用户名'],
    [{ ...filled, password: '' }, 'password', '请输入密码'],
    [{ ...filled, rePassword: '' }, 'rePassword', '请输入密码'],
    [{ ...filled, mobile: '' }, 'mobile', '请输入手机号'],
  ])('names the first empty field in display order', (values, field, message) => {
    expect(firstEmptyField(values)).toEqual({ field, message });
  });

  it('is null when every field has a value, spaces included', () => {
    expect(firstEmptyField({ ...filled, name: ' ' })).toBeNull();
  });
});

describe('passwordsMatch', () => {
  it('says nothing while either is empty, then compares exactly', () => {
    expect(passwordsMatch('', 'a')).toBeNull();
    expect(passwordsMatch('a', '')).toBeNull();
    expect(passwordsMatch('abc', 'abc')).toBe(true);
    expect(passwordsMatch('abc', 'abC')).toBe(false);
  });
});

describe('runSubmitChecks', () => {
  it('passes when every check passes, asking the username first and the phone last', async () => {
    const ctx = context();
    await expect(runSubmitChecks(ctx)).resolves.toEqual({ ok: true });
    expect(ctx.calls).toEqual(['checkuser', 'checktel']);
  });

  it('stops at an empty field before any call', async () => {
    const ctx = context({ values: { ...filled, mobile: '' } });
    await expect(runSubmitChecks(ctx)).resolves.toEqual({ ok: false, field: 'mobile', message: '请输入手机号' });
    expect(ctx.calls).toEqual([]);
  });

  it('says the username is taken on n, and checks nothing after it', async () => {
    const ctx = context({ usernameVerdict: async () => ({ status: 'n', info: 'whatever' }) });
    await expect(runSubmitChecks(ctx)).resolves.toEqual({ ok: false, field: 'name', message: '用户名已存在' });
    expect(ctx.calls).toEqual([]);
  });

  it('asks to verify the username when its check gave no verdict', async () => {
    const ctx = context({ usernameVerdict: async () => ({ status: 'error' }) });
    await expect(runSubmitChecks(ctx)).resolves.toMatchObject({ message: '请先验证用户名' });
  });

  it('compares the passwords now when they were not yet confirmed', async () => {
    const ctx = context({ values: { ...filled, rePassword: 'other' } });
    await expect(runSubmitChecks(ctx)).resolves.toEqual({ ok: false, field: 'rePassword', message: '两次密码不一致' });
    expect(ctx.calls).toEqual(['checkuser']);
  });

  it('skips the phone call when the phone is already valid', async () => {
    const ctx = context({ phoneValid: true });
    await expect(runSubmitChecks(ctx)).resolves.toEqual({ ok: true });
    expect(ctx.calls).toEqual(['checkuser']);
  });

  it("shows the server's text when the phone check says n", async () => {
    const ctx = context({ phoneVerdict: async () => ({ status: 'n', info: '该手机号已注册' }) });
    await expect(runSubmitChecks(ctx)).resolves.toEqual({ ok: false, field: 'mobile', message: '该手机号已注册' });
  });

  it('reports a network error when the phone check gave no verdict', async () => {
    const ctx = context({ phoneVerdict: async () => ({ status: 'error' }) });
    await expect(runSubmitChecks(ctx)).resolves.toMatchObject({ message: '网络错误，请重试' });
  });
});
