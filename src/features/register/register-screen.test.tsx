import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { config } from '@/config/env';
import { MemoryRouter } from '@/lib/router';
import { startVisitChannel } from '@/lib/visit-channel';
import { ToastProvider } from '@/components/toast';
import { goToGameClient } from './game-client';
import { RegisterScreen } from './register-screen';

// The site lists one channel besides the default, as a deployment with ad links does.
vi.mock('@/config/env', async (importOriginal) => {
  const { config: original } = await importOriginal<typeof import('@/config/env')>();
  return { config: { ...original, channel: { default: 'H5REG', allowed: ['H5REG', 'CH7'], param: 'c' } } };
});

vi.mock('./game-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./game-client')>()),
  goToGameClient: vi.fn(),
}));

// The widget has its own tests; here a stand-in lets the visitor "solve" it with one button.
vi.mock('@game-register/puzzle-captcha', () => ({
  PuzzleCaptcha: ({ show, onSuccess, onClose }: { show: boolean; onSuccess: () => void; onClose: () => void }) =>
    show ? (
      <div role="dialog" aria-label="拼图验证">
        <button type="button" onClick={onSuccess}>
          solve
        </button>
        <button type="button" onClick={onClose}>
          close puzzle
        </button>
      </div>
    ) : null,
}));

type Handler = (params: URLSearchParams) => Response | Promise<Response>;
const ok = (status: 'y' | 'n', info = '') => Response.json({ status, info });

function backend(overrides: Partial<Record<'checkuser' | 'checktel' | 'reg', Handler>> = {}) {
  const calls: { path: string; query: string }[] = [];
  const channels: (string | null)[] = [];
  const handlers: Record<string, Handler> = {
    checkuser: () => ok('y'),
    checktel: () => ok('y'),
    reg: () => ok('y', '注册成功'),
    ...overrides,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const name = url.pathname.split('/').pop()!;
    calls.push({ path: url.pathname, query: url.search.slice(1) });
    channels.push(new Headers(init?.headers).get('x-channel'));
    return handlers[name]!(url.searchParams);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, channels, count: (name: string) => calls.filter((c) => c.path.endsWith(name)).length };
}

function renderScreen() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialPath="/register">
      <ToastProvider>
        <RegisterScreen />
      </ToastProvider>
    </MemoryRouter>,
  );
  return user;
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });
const toast = () => screen.getByRole('status');

/** The field's failed-check message: marked invalid, described by a visible line that follows the input. */
function expectMessageUnder(label: string, message: string) {
  const input = field(label);
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription(message);
  const line = document.getElementById(input.getAttribute('aria-describedby')!);
  expect(line).toBeVisible();
  expect(line).toHaveTextContent(message);
  expect(input.compareDocumentPosition(line!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
}

function expectNoMessageUnder(label: string) {
  expect(field(label)).not.toHaveAttribute('aria-invalid');
  expect(field(label)).not.toHaveAttribute('aria-describedby');
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<'账号' | '密码' | '确认密码' | '手机号', string>>) {
  for (const [label, value] of Object.entries(values)) {
    await user.click(field(label));
    if (value) await user.type(field(label), value);
  }
  await user.click(document.body);
}

const ALL = { 账号: 'player01', 密码: 'secret88', 确认密码: 'secret88', 手机号: '13800138000' };

describe('RegisterScreen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
    vi.mocked(goToGameClient).mockClear();
  });

  it('has the four named inputs of the right types', () => {
    backend();
    renderScreen();
    expect(field('账号')).toHaveAttribute('type', 'text');
    expect(field('密码')).toHaveAttribute('type', 'password');
    expect(field('确认密码')).toHaveAttribute('type', 'password');
    expect(field('手机号')).toHaveAttribute('type', 'tel');
    expect(field('手机号')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText(/上分/)).toBeVisible();
  });

  it('keeps only digits in the phone field', async () => {
    backend();
    const user = renderScreen();
    await user.type(field('手机号'), '138-0013 8000a');
    expect(field('手机号')).toHaveValue('13800138000');
  });

  it.each([
    [{}, '账号', '请输入用户名'],
    [{ 账号: 'player01' }, '密码', '请输入密码'],
    [{ 账号: 'player01', 密码: 'secret88' }, '确认密码', '请输入密码'],
    [{ 账号: 'player01', 密码: 'secret88', 确认密码: 'secret88' }, '手机号', '请输入手机号'],
  ])('asks for the first empty field on 立即注册, in the toast and under %s', async (values, label, message) => {
    const api = backend();
    const user = renderScreen();
    await fill(user, values);
    await user.click(screen.getByRole('button', { name: '立即注册' }));
    expect(toast()).toHaveTextContent(message);
    expectMessageUnder(label, message);
    expect(screen.getAllByText(message, { selector: 'p' })).toHaveLength(1);
    expect(api.count('checktel')).toBe(0);
  });

  it('shows no message and no invalid mark on a field that has not failed', () => {
    backend();
    renderScreen();
    for (const label of ['账号', '密码', '确认密码', '手机号']) expectNoMessageUnder(label);
  });

  it('checks the username when it loses focus and says when it is taken', async () => {
    const api = backend({ checkuser: () => ok('n', 'taken') });
    const user = renderScreen();
    await fill(user, { 账号: 'player01' });
    await waitFor(() => expect(toast()).toHaveTextContent('用户名已存在'));
    expectMessageUnder('账号', '用户名已存在');
    expect(api.calls[0]).toEqual({ path: '/api/Index/checkuser', query: 'param=player01&name=name' });
  });

  it('clears the message under a field when the visitor edits that field, and only that one', async () => {
    backend({ checkuser: () => ok('n', 'taken') });
    const user = renderScreen();
    await fill(user, { 账号: 'player01', 密码: 'secret88', 确认密码: 'secret89' });
    await waitFor(() => expectMessageUnder('账号', '用户名已存在'));
    expectMessageUnder('确认密码', '两次密码不一致');
    await user.type(field('账号'), '2');
    expectNoMessageUnder('账号');
    expect(screen.queryByText('用户名已存在', { selector: 'p' })).toBeNull();
    expectMessageUnder('确认密码', '两次密码不一致');
    expect(toast()).toHaveTextContent('两次密码不一致');
  });

  it('says nothing and calls nothing when the empty username loses focus', async () => {
    const api = backend();
    const user = renderScreen();
    await user.click(field('账号'));
    await user.click(field('密码'));
    expect(api.calls).toEqual([]);
    expect(toast()).toBeEmptyDOMElement();
  });

  it('says the passwords differ when the repeat field loses focus', async () => {
    backend();
    const user = renderScreen();
    await fill(user, { 密码: 'secret88', 确认密码: 'secret89' });
    expect(toast()).toHaveTextContent('两次密码不一致');
    expectMessageUnder('确认密码', '两次密码不一致');
    expectNoMessageUnder('密码');
  });

  it.each(['密码', '确认密码'])('clears 两次密码不一致 when the visitor edits %s, as that clears the valid mark', async (label) => {
    backend();
    const user = renderScreen();
    await fill(user, { 密码: 'secret88', 确认密码: 'secret89' });
    expectMessageUnder('确认密码', '两次密码不一致');
    await user.type(field(label), '9');
    expectNoMessageUnder('确认密码');
  });

  it('says the passwords differ on 立即注册 too', async () => {
    backend();
    const user = renderScreen();
    await fill(user, { ...ALL, 确认密码: 'secret89' });
    await user.click(screen.getByRole('button', { name: '立即注册' }));
    expect(toast()).toHaveTextContent('两次密码不一致');
    expectMessageUnder('确认密码', '两次密码不一致');
  });

  it('asks to verify the username when its check cannot reach the server', async () => {
    backend({ checkuser: () => Promise.reject(new TypeError('Failed to fetch')) });
    const user = renderScreen();
    await fill(user, ALL);
    await user.click(screen.getByRole('button', { name: '立即注册' }));
    await waitFor(() => expect(toast()).toHaveTextContent('请先验证用户名'));
    expectMessageUnder('账号', '请先验证用户名');
  });

  it('clears 请先验证用户名 when the name, unchanged, passes its check on leaving the field', async () => {
    let reachable = false;
    backend({ checkuser: () => (reachable ? ok('y') : Promise.reject(new TypeError('Failed to fetch'))) });
    const user = renderScreen();
    await fill(user, ALL);
    await user.click(screen.getByRole('button', { name: '立即注册' }));
    await waitFor(() => expectMessageUnder('账号', '请先验证用户名'));
    expect(field('账号')).toHaveFocus();
    reachable = true;
    await user.click(field('密码'));
    await waitFor(() => expectNoMessageUnder('账号'));
    expect(field('账号')).toHaveValue('player01');
  });

  it("shows the server's text, as text, when the phone check says n", async () => {
    backend({ checktel: () => ok('n', '<img src=x onerror=alert(1)>该手机号已注册') });
    const user = renderScreen();
    await fill(user, ALL);
    await user.click(screen.getByRole('button', { name: '立即注册' }));
    await waitFor(() => expect(toast()).toHaveTextContent('<img src=x onerror=alert(1)>该手机号已注册'));
    expectMessageUnder('手机号', '<img src=x onerror=alert(1)>该手机号已注册');
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('shows 验证手机号中... while the phone is checked, then a network error when the server answers garbage', async () => {
    let answer!: (response: Response) => void;
    backend({
      checktel: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const user = renderScreen();
    await fill(user, ALL);
    await user.click(screen.getByRole('button', { name: '立即注册' }));
    await waitFor(() => expect(toast()).toHaveTextContent('验证手机号中...'));
    await act(async () => answer(new Response('<html>oops</html>', { status: 200 })));
    await waitFor(() => expect(toast()).toHaveTextContent('网络错误，请重试'));
    expectMessageUnder('手机号', '网络错误，请重试');
    expect(field('手机号')).toHaveValue('13800138000');
  });

  it('clears every message when a later tap passes all checks', async () => {
    const answers = [() => Promise.reject(new TypeError('Failed to fetch')), () => ok('y')];
    backend({ checktel: () => answers.shift()!() });
    const user = renderScreen();
    await fill(user, ALL);
    await user.click(screen.getByRole('button', { name: '立即注册' }));
    await waitFor(() => expectMessageUnder('手机号', '网络错误，请重试'));
    await user.click(screen.getByRole('button', { name: '立即注册' }));
    await screen.findByRole('dialog', { name: '拼图验证' });
    expectNoMessageUnder('手机号');
  });

  it('registers after the puzzle, shows the credentials and leads on to the game', async () => {
    const api = backend();
    const user = renderScreen();
    await fill(user, ALL);
    await user.click(screen.getByRole('button', { name: '立即注册' }));
    await user.click(await screen.findByRole('button', { name: 'solve' }));
    const popup = await screen.findByRole('dialog', { name: '注册成功' });
    expect(toast()).toHaveTextContent('注册成功！请截图保存您的账号信息');
    expect(popup).toHaveTextContent('player01');
    expect(popup).toHaveTextContent('secret88');
    expect(popup).toHaveTextContent('截图');
    expect(popup).toHaveTextContent('上分');
    const reg = api.calls.find((c) => c.path === '/api/Index/reg')!;
    expect(reg.query).toBe(
      'name=player01&Password=secret88&rePassword=secret88&wash=1&washType=2&code=H5REG&mobile=13800138000&QQ=&islogin=true',
    );
    await user.click(screen.getByRole('button', { name: '我已保存，继续' }));
    expect(goToGameClient).toHaveBeenCalledTimes(1);
  });

  it('registers under the channel the visit came with, names it on every call and reports the puzzle shown and passed', async () => {
    startVisitChannel(config.channel, '?c=CH7');
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    const api = backend();
    const user = renderScreen();
    await fill(user, ALL);
    await user.click(screen.getByRole('button', { name: '立即注册' }));
    await user.click(await screen.findByRole('button', { name: 'solve' }));
    await screen.findByRole('dialog', { name: '注册成功' });
    const reg = api.calls.find((c) => c.path === '/api/Index/reg')!;
    expect(new URLSearchParams(reg.query).get('code')).toBe('CH7');
    expect(api.channels.length).toBeGreaterThanOrEqual(3);
    expect(new Set(api.channels)).toEqual(new Set(['CH7']));
    // The default mode: the browser judges the puzzle, so no level, and the beacons say so.
    expect(sendBeacon.mock.calls).toEqual([['/api/funnel?step=shown&c=CH7&pic=browser'], ['/api/funnel?step=passed&c=CH7&pic=browser']]);
  });

  it('leads on to the game when the success popup is closed', async () => {
    backend();
    const user = renderScreen();
    await fill(user, ALL);
    await user.click(screen.getByRole('button', { name: '立即注册' }));
    await user.click(await screen.findByRole('button', { name: 'solve' }));
    await screen.findByRole('dialog', { name: '注册成功' });
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(goToGameClient).toHaveBeenCalledTimes(1);
  });

  it('copies the account and the password', async () => {
    backend();
    const writeText = vi.fn(async () => undefined);
    const user = renderScreen();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await fill(user, ALL);
    await user.click(screen.getByRole('button', { name: '立即注册' }));
    await user.click(await screen.findByRole('button', { name: 'solve' }));
    await user.click(await screen.findByRole('button', { name: '复制密码' }));
    expect(writeText).toHaveBeenCalledWith('secret88');
    await waitFor(() => expect(toast()).toHaveTextContent('已复制到剪贴板'));
    writeText.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    document.execCommand = vi.fn(() => false);
    await user.click(screen.getByRole('button', { name: '复制账号' }));
    await waitFor(() => expect(toast()).toHaveTextContent('复制失败，请手动复制'));
  });

  it('shows a network error and keeps the form when reg fails', async () => {
    backend({ reg: () => new Response('oops', { status: 500 }) });
    const user = renderScreen();
    await fill(user, ALL);
    await user.click(screen.getByRole('button', { name: '立即注册' }));
    await user.click(await screen.findByRole('button', { name: 'solve' }));
    await waitFor(() => expect(toast()).toHaveTextContent('网络错误，请重试'));
    expect(screen.queryByRole('dialog', { name: '注册成功' })).toBeNull();
    expect(screen.queryByTestId('toast-blocker')).toBeNull();
    expect(field('账号')).toHaveValue('player01');
    expect(field('密码')).toHaveValue('secret88');
  });

  it("shows reg's own n answer and no success popup", async () => {
    backend({ reg: () => ok('n', '用户名已存在') });
    const user = renderScreen();
    await fill(user, ALL);
    await user.click(screen.getByRole('button', { name: '立即注册' }));
    await user.click(await screen.findByRole('button', { name: 'solve' }));
    await waitFor(() => expect(toast()).toHaveTextContent('用户名已存在'));
    expect(screen.queryByRole('dialog', { name: '注册成功' })).toBeNull();
  });

  it('runs one check sequence for a triple tap on 立即注册', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = backend({
      checkuser: async () => {
        await gate;
        return ok('y');
      },
    });
    const user = renderScreen();
    await fill(user, ALL);
    const button = screen.getByRole('button', { name: '立即注册' });
    await user.click(button);
    await user.click(button);
    await user.click(button);
    release();
    await screen.findByRole('button', { name: 'solve' });
    expect(api.count('checkuser')).toBe(1);
    expect(api.count('checktel')).toBe(1);
  });

  it('moves to the next field on Enter, labels the keys, and submits from the last field', async () => {
    const api = backend();
    const user = renderScreen();
    expect(['账号', '密码', '确认密码'].map((label) => field(label).getAttribute('enterkeyhint'))).toEqual(['next', 'next', 'next']);
    expect(field('手机号')).toHaveAttribute('enterkeyhint', 'go');
    await user.click(field('账号'));
    await user.keyboard('player01{Enter}');
    expect(field('密码')).toHaveFocus();
    await user.keyboard('secret88{Enter}');
    expect(field('确认密码')).toHaveFocus();
    await user.keyboard('secret88{Enter}');
    expect(field('手机号')).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: '拼图验证' })).toBeNull();
    await user.keyboard('13800138000{Enter}');
    expect(await screen.findByRole('dialog', { name: '拼图验证' })).toBeInTheDocument();
    expect(api.count('checktel')).toBe(1);
  });

  it('leaves Enter alone while an IME is composing', async () => {
    backend();
    const user = renderScreen();
    await user.click(field('账号'));
    fireEvent.keyDown(field('账号'), { key: 'Enter', isComposing: true });
    expect(field('账号')).toHaveFocus();
  });

  it('shows 立即注册 busy while the checks run and while registering, announced with aria-busy', async () => {
    let releaseCheck!: () => void;
    let releaseReg!: () => void;
    const checkGate = new Promise<void>((resolve) => {
      releaseCheck = resolve;
    });
    const regGate = new Promise<void>((resolve) => {
      releaseReg = resolve;
    });
    backend({
      checktel: async () => {
        await checkGate;
        return ok('y');
      },
      reg: async () => {
        await regGate;
        return ok('y', '注册成功');
      },
    });
    const user = renderScreen();
    await fill(user, ALL);
    const button = screen.getByRole('button', { name: '立即注册' });
    expect(button).toHaveAttribute('aria-busy', 'false');
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    releaseCheck();
    await user.click(await screen.findByRole('button', { name: 'solve' }));
    expect(button).toHaveAttribute('aria-busy', 'true');
    releaseReg();
    await screen.findByRole('dialog', { name: '注册成功' });
    expect(button).toHaveAttribute('aria-busy', 'false');
  });

  it('ignores a second tap on 立即注册 while registering', async () => {
    let releaseReg!: () => void;
    const regGate = new Promise<void>((resolve) => {
      releaseReg = resolve;
    });
    const api = backend({
      reg: async () => {
        await regGate;
        return ok('y', '注册成功');
      },
    });
    const user = renderScreen();
    await fill(user, ALL);
    const button = screen.getByRole('button', { name: '立即注册' });
    await user.click(button);
    await user.click(await screen.findByRole('button', { name: 'solve' }));
    await waitFor(() => expect(api.count('reg')).toBe(1));
    // A second tap while reg runs starts nothing (the loading toast swallows it; the flow would ignore it too).
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    releaseReg();
    await screen.findByRole('dialog', { name: '注册成功' });
    // No second round of checks ran behind the registration: the puzzle did not open again.
    expect(screen.queryByRole('dialog', { name: '拼图验证' })).toBeNull();
    expect(api.count('reg')).toBe(1);
  });

  it('is no longer busy after a failed check', async () => {
    backend({ checkuser: () => ok('n', '用户名已存在') });
    const user = renderScreen();
    await fill(user, ALL);
    const button = screen.getByRole('button', { name: '立即注册' });
    await user.click(button);
    await waitFor(() => expect(toast()).toHaveTextContent('用户名已存在'));
    expect(button).toHaveAttribute('aria-busy', 'false');
  });

  it('ignores a username answer that arrives after the field changed', async () => {
    let answerOld!: (response: Response) => void;
    const answers = [
      () =>
        new Promise<Response>((resolve) => {
          answerOld = resolve;
        }),
      () => ok('y'),
    ];
    backend({ checkuser: () => answers.shift()!() });
    const user = renderScreen();
    await fill(user, { 账号: 'taken1' });
    await user.type(field('账号'), 'x');
    await act(async () => answerOld(ok('n', 'taken')));
    expect(toast()).not.toHaveTextContent('用户名已存在');
    expectNoMessageUnder('账号');
    expect(screen.queryByText('用户名已存在')).toBeNull();
  });

  it('sends 立即登陆 straight to the game client', async () => {
    backend();
    const user = renderScreen();
    await user.click(screen.getByRole('button', { name: '立即登陆' }));
    expect(goToGameClient).toHaveBeenCalledTimes(1);
  });

  it('offers the two downloads in the 选择下载方式 popup', async () => {
    backend();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const user = renderScreen();
    await user.click(screen.getByRole('button', { name: '下载APP' }));
    const popup = screen.getByRole('dialog', { name: '选择下载方式' });
    expect(popup).toBeVisible();
    await user.click(screen.getByRole('button', { name: '安卓下载' }));
    expect(open).toHaveBeenCalledWith('/downloads/app.apk', '_blank');
    await user.click(screen.getByRole('button', { name: '苹果下载' }));
    expect(open).toHaveBeenLastCalledWith('/downloads/app.mobileconfig', '_blank');
  });

  it('links 联系客服 to /contact', () => {
    backend();
    renderScreen();
    expect(screen.getByRole('link', { name: '联系客服' })).toHaveAttribute('href', '/contact');
  });
});
