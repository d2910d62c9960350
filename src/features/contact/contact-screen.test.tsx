import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, RouteSwitch } from '@/lib/router';
import { ToastProvider } from '@/components/toast';
import type { AppConfig } from '@/config/env';
import { ContactScreen } from './contact-screen';

const CONTACT = { phone: '400-800-1234', wechat: 'game_kefu', qq: '800012345', telegram: '' };
const NO_QR = { wechat: '', telegram: '' };

function renderContact(contact: AppConfig['contact'] = CONTACT, qr: AppConfig['contactQr'] = NO_QR) {
  return render(
    <MemoryRouter initialPath="/contact">
      <ToastProvider>
        <RouteSwitch routes={{ '/': <p>home page</p>, '/contact': <ContactScreen contact={contact} qr={qr} /> }} fallback={null} />
      </ToastProvider>
    </MemoryRouter>,
  );
}

/** Call after userEvent.setup(), which installs a clipboard stub of its own. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(writeText) }, configurable: true });
  return navigator.clipboard.writeText as ReturnType<typeof vi.fn>;
}

const toast = () => screen.getByRole('status');

describe('ContactScreen', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
    Reflect.deleteProperty(document, 'execCommand');
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('shows the title 联系我们 and an inviting subtitle', () => {
    renderContact();
    expect(screen.getByRole('heading', { level: 1, name: '联系我们' })).toBeInTheDocument();
    expect(screen.getByText(/欢迎随时联系客服/)).toBeInTheDocument();
  });

  it('lists phone, WeChat and QQ from the config, each with its copy button', () => {
    renderContact();
    const rows = within(screen.getByRole('list', { name: '联系方式' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['电话400-800-1234复制', '微信game_kefu复制', 'QQ800012345复制']);
    for (const name of ['复制电话', '复制微信', '复制QQ']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('links the phone number for dialling', () => {
    renderContact();
    expect(screen.getByRole('link', { name: '400-800-1234' })).toHaveAttribute('href', 'tel:4008001234');
  });

  it.each([
    ['复制电话', '4008001234'],
    ['复制微信', 'game_kefu'],
    ['复制QQ', '800012345'],
  ])('%s copies %s and toasts 复制成功', async (name, expected) => {
    const user = userEvent.setup();
    const writeText = stubClipboard(async () => undefined);
    renderContact();
    await user.click(screen.getByRole('button', { name }));
    expect(writeText).toHaveBeenCalledWith(expected);
    expect(toast()).toHaveTextContent('复制成功');
  });

  it('toasts 复制失败，请手动复制 when the clipboard refuses and execCommand fails', async () => {
    const user = userEvent.setup();
    stubClipboard(async () => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const execCommand = vi.fn(() => false);
    document.execCommand = execCommand;
    renderContact();
    await user.click(screen.getByRole('button', { name: '复制微信' }));
    expect(toast()).toHaveTextContent('复制失败，请手动复制');
    expect(toast()).not.toHaveTextContent('复制成功');
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('keeps the toast for 2 seconds', async () => {
    vi.useFakeTimers();
    stubClipboard(async () => undefined);
    renderContact();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '复制QQ' })));
    expect(toast()).toHaveTextContent('复制成功');
    act(() => vi.advanceTimersByTime(1999));
    expect(toast()).toHaveTextContent('复制成功');
    act(() => vi.advanceTimersByTime(1));
    expect(toast()).toBeEmptyDOMElement();
  });

  it('hides the row of a missing value instead of showing it empty', () => {
    renderContact({ ...CONTACT, phone: '', qq: '' });
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '复制电话' })).toBeNull();
    expect(screen.queryByRole('button', { name: '复制QQ' })).toBeNull();
    expect(screen.queryByText('电话')).toBeNull();
  });

  it('says so when no contact is configured at all', () => {
    renderContact({ phone: '', wechat: '', qq: '', telegram: '' });
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('暂无联系方式，请稍后再试')).toBeInTheDocument();
  });

  it('offers no QR dialog when no QR picture is configured', () => {
    renderContact({ ...CONTACT, telegram: '@game_kefu' });
    expect(screen.queryByRole('button', { name: /二维码/ })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the WeChat QR dialog where a picture is configured, and closes it', async () => {
    const user = userEvent.setup();
    renderContact(CONTACT, { wechat: '/qr/wechat.png', telegram: '' });
    await user.click(screen.getByRole('button', { name: '查看微信二维码' }));
    const dialog = screen.getByRole('dialog', { name: '微信二维码' });
    expect(within(dialog).getByRole('img', { name: '微信二维码' })).toHaveAttribute('src', '/qr/wechat.png');
    expect(dialog).toHaveTextContent('微信：game_kefu');
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows exactly three rows and three copy buttons with all four contacts configured', () => {
    renderContact({ ...CONTACT, telegram: '@game_kefu' }, { wechat: '/qr/wechat.png', telegram: '/qr/tg.png' });
    const list = screen.getByRole('list', { name: '联系方式' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getAllByRole('button', { name: /^复制/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      '复制电话',
      '复制微信',
      '复制QQ',
    ]);
    expect(screen.queryByText('@game_kefu')).toBeNull();
  });

  it('keeps the Telegram id in its QR dialog, opened only where its picture is configured', async () => {
    const user = userEvent.setup();
    renderContact({ ...CONTACT, telegram: '@game_kefu' }, { wechat: '', telegram: '/qr/tg.png' });
    await user.click(screen.getByRole('button', { name: '查看Telegram二维码' }));
    const dialog = screen.getByRole('dialog', { name: 'Telegram二维码' });
    expect(within(dialog).getByRole('img', { name: 'Telegram二维码' })).toHaveAttribute('src', '/qr/tg.png');
    expect(dialog).toHaveTextContent('Telegram：@game_kefu');
  });

  it('goes back to / with the 返回 button', async () => {
    const user = userEvent.setup();
    renderContact();
    await user.click(screen.getByRole('button', { name: '返回' }));
    expect(screen.getByText('home page')).toBeInTheDocument();
  });
});
