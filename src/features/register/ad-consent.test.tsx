import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@/lib/router';
import { startVisitAdClick } from '@/lib/visit-ad-click';
import { ToastProvider } from '@/components/toast';
import { RegisterScreen } from './register-screen';

const CONSENT_TEXT = vi.hoisted(() => '我同意将注册结果回传给投放广告的平台');

// A site that requires the visitor's consent before a registration is reported to the ad platform.
vi.mock('@/config/env', async (importOriginal) => {
  const { config: original } = await importOriginal<typeof import('@/config/env')>();
  return { config: { ...original, adsConsent: { required: true, text: CONSENT_TEXT } } };
});

vi.mock('@game-register/puzzle-captcha', () => ({
  PuzzleCaptcha: ({ show, onSuccess }: { show: boolean; onSuccess: () => void }) =>
    show ? (
      <div role="dialog" aria-label="拼图验证">
        <button type="button" onClick={onSuccess}>
          solve
        </button>
      </div>
    ) : null,
}));

/** Every call's path and its ad headers. */
function backend() {
  const calls: { call: string; clicks: string | null; consent: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      calls.push({
        call: new URL(String(input), 'http://localhost').pathname.split('/').pop()!,
        clicks: headers.get('x-ad-clicks'),
        consent: headers.get('x-ad-consent'),
      });
      return Response.json({ status: 'y', info: '' });
    }),
  );
  return calls;
}

async function registerWith(tick: boolean) {
  const calls = backend();
  const user = userEvent.setup();
  render(
    <MemoryRouter initialPath="/register">
      <ToastProvider>
        <RegisterScreen />
      </ToastProvider>
    </MemoryRouter>,
  );
  const box = screen.getByRole('checkbox', { name: CONSENT_TEXT });
  expect(box).not.toBeChecked();
  if (tick) await user.click(box);
  for (const [label, value] of [
    ['账号', 'player1'],
    ['密码', 'Secret#123'],
    ['确认密码', 'Secret#123'],
    ['手机号', '13800138000'],
  ]) {
    await user.type(screen.getByLabelText(label!, { selector: 'input' }), value!);
  }
  await user.click(screen.getByRole('button', { name: '立即注册' }));
  await user.click(await screen.findByRole('button', { name: 'solve' }));
  await screen.findByRole('dialog', { name: '注册成功' });
  return calls;
}

describe('the ad consent box', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    startVisitAdClick('H5REG', 'https://m.example.com/register?clickid=abc123');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the consent with reg only when the visitor ticked it, and the click with reg alone', async () => {
    const calls = await registerWith(true);
    expect(calls.find((call) => call.call === 'reg')).toMatchObject({ consent: '1' });
    expect(new URLSearchParams(calls.find((call) => call.call === 'reg')!.clicks!).get('clickid')).toBe('abc123');
    expect(calls.filter((call) => call.call !== 'reg').every((call) => call.clicks === null && call.consent === null)).toBe(true);
  });

  it('lets the visitor register without ticking it, and then sends no consent', async () => {
    const calls = await registerWith(false);
    expect(calls.find((call) => call.call === 'reg')).toMatchObject({ consent: null });
  });
});
