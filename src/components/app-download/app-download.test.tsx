import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { config } from '@/config/env';
import { DownloadButtons, useAppDownload, type DownloadPlatform } from '.';
import { stubDevice, UA } from './test-devices';

function Harness({ onBeforeStart }: { onBeforeStart?: (platform: DownloadPlatform) => void }) {
  const { start, overlay } = useAppDownload();
  return (
    <>
      <DownloadButtons start={start} onBeforeStart={onBeforeStart} />
      {overlay}
    </>
  );
}

function spyOpen() {
  return vi.spyOn(window, 'open').mockReturnValue({} as Window);
}

const buttonTexts = () => screen.getAllByRole('button').map((button) => button.textContent);

describe('DownloadButtons with useAppDownload', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens the Android package in a new tab synchronously, inside the tap', () => {
    stubDevice(UA.android);
    const open = spyOpen();
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '安卓下载' }));
    expect(open).toHaveBeenCalledExactlyOnceWith(config.apkUrl, '_blank');
  });

  it('opens the iOS profile in a new tab', () => {
    stubDevice(UA.iphone);
    const open = spyOpen();
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '苹果下载' }));
    expect(open).toHaveBeenCalledExactlyOnceWith(config.iosProfileUrl, '_blank');
  });

  it('runs onBeforeStart with the platform, before the tab opens', () => {
    stubDevice(UA.android);
    const calls: string[] = [];
    vi.spyOn(window, 'open').mockImplementation(() => {
      calls.push('open');
      return {} as Window;
    });
    render(<Harness onBeforeStart={(platform) => calls.push(`before ${platform}`)} />);
    fireEvent.click(screen.getByRole('button', { name: '苹果下载' }));
    expect(calls).toEqual(['before ios', 'open']);
  });

  it.each([
    ['an iPhone', UA.iphone, 0, ['苹果下载', '安卓下载']],
    ['an iPad reporting a Mac', UA.ipadAsMac, 5, ['苹果下载', '安卓下载']],
    ['an Android phone', UA.android, 0, ['安卓下载', '苹果下载']],
    ['a desktop PC', UA.desktop, 0, ['安卓下载', '苹果下载']],
  ])('puts the own platform first and emphasised on %s', (_name, userAgent, touchPoints, expected) => {
    stubDevice(userAgent, touchPoints);
    render(<Harness />);
    expect(buttonTexts()).toEqual(expected);
    const [first, second] = screen.getAllByRole('button');
    expect(first).toHaveClass('download-button--primary');
    expect(second).toHaveClass('download-button--secondary');
  });

  it('inside WeChat shows the open-in-browser overlay instead of opening a tab', async () => {
    stubDevice(UA.wechatAndroid);
    const open = spyOpen();
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: '安卓下载' }));
    const overlay = screen.getByRole('dialog', { name: '请在浏览器中打开' });
    expect(open).not.toHaveBeenCalled();
    expect(overlay).toHaveTextContent('微信内无法直接下载APP');
    expect(overlay).toHaveTextContent('点击右上角');
    expect(overlay).toHaveTextContent('「在浏览器打开」');
  });

  it('inside WeChat on an iPhone asks for Safari', async () => {
    stubDevice(UA.wechatIphone);
    spyOpen();
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: '苹果下载' }));
    expect(screen.getByRole('dialog', { name: '请在浏览器中打开' })).toHaveTextContent('「在Safari中打开」');
  });

  it('inside QQ names QQ', async () => {
    stubDevice(UA.qqAndroid);
    const open = spyOpen();
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: '苹果下载' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('QQ内无法直接下载APP');
    expect(open).not.toHaveBeenCalled();
  });

  it('the overlay closes with 我知道了 and with Escape', async () => {
    stubDevice(UA.wechatAndroid);
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: '安卓下载' }));
    await user.click(screen.getByRole('button', { name: '我知道了' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: '安卓下载' }));
    act(() => void screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true })));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
