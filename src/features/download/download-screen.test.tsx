import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, RouteSwitch } from '@/lib/router';
import { stubDevice, UA } from '@/components/app-download/test-devices';
import { ToastProvider } from '@/components/toast';
import { config } from '@/config/env';
import { DownloadScreen } from './download-screen';

function renderDownload() {
  return render(
    <MemoryRouter initialPath="/download">
      <ToastProvider>
        <RouteSwitch routes={{ '/register': <p>register page</p>, '/download': <DownloadScreen /> }} fallback={null} />
      </ToastProvider>
    </MemoryRouter>,
  );
}

function stubFetch(impl: () => Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const answerY = async () => new Response('{"status":"y","info":""}', { status: 200 });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('DownloadScreen', () => {
  beforeEach(() => stubDevice(UA.android));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the logo, the title and both download buttons', () => {
    renderDownload();
    expect(screen.getByRole('img', { name: '游戏APP图标' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '下载APP' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '安卓下载' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '苹果下载' })).toBeInTheDocument();
  });

  it('shows 安装教程 as a label with no action, followed by the steps', () => {
    renderDownload();
    const label = screen.getByRole('heading', { name: '安装教程' });
    expect(label.closest('button, a')).toBeNull();
    const guide = screen.getByRole('region', { name: '安装教程' });
    expect(within(guide).queryAllByRole('button')).toHaveLength(0);
    expect(within(guide).queryAllByRole('link')).toHaveLength(0);
    expect(within(guide).getAllByRole('listitem').length).toBeGreaterThan(0);
  });

  it.each([
    ['安卓下载', config.apkUrl],
    ['苹果下载', config.iosProfileUrl],
  ])('%s sends reg with no query and no body, and opens %s in a new tab inside the tap', async (name, url) => {
    const fetchMock = stubFetch(answerY);
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    renderDownload();
    fireEvent.click(screen.getByRole('button', { name }));
    expect(open).toHaveBeenCalledExactlyOnceWith(url, '_blank');
    expect(fetchMock).toHaveBeenCalledOnce();
    const [requestUrl, init] = fetchMock.mock.calls[0]!;
    expect(requestUrl).toBe('/api/Index/reg');
    expect(init).toMatchObject({ method: 'POST', body: undefined });
    await flush();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('ignores a failed reg call: nothing is shown and the download still starts', async () => {
    stubFetch(async () => Promise.reject(new TypeError('Failed to fetch')));
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    renderDownload();
    fireEvent.click(screen.getByRole('button', { name: '安卓下载' }));
    await flush();
    expect(open).toHaveBeenCalledOnce();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('puts 苹果下载 first on an iPhone and 安卓下载 first elsewhere', () => {
    stubDevice(UA.iphone);
    const { unmount } = renderDownload();
    expect(screen.getAllByRole('button', { name: /下载$/ }).map((b) => b.textContent)).toEqual(['苹果下载', '安卓下载']);
    expect(screen.getByRole('button', { name: '苹果下载' })).toHaveClass('download-button--primary');
    unmount();

    stubDevice(UA.android);
    renderDownload();
    expect(screen.getAllByRole('button', { name: /下载$/ }).map((b) => b.textContent)).toEqual(['安卓下载', '苹果下载']);
    expect(screen.getByRole('button', { name: '安卓下载' })).toHaveClass('download-button--primary');
  });

  it('inside WeChat still pings reg but shows the open-in-browser overlay instead of a tab', async () => {
    stubDevice(UA.wechatAndroid);
    const fetchMock = stubFetch(answerY);
    const open = vi.spyOn(window, 'open');
    renderDownload();
    fireEvent.click(screen.getByRole('button', { name: '安卓下载' }));
    expect(screen.getByRole('dialog', { name: '请在浏览器中打开' })).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledOnce();
    await flush();
  });

  it('goes back to /register with the 返回 button', async () => {
    const user = userEvent.setup();
    renderDownload();
    await user.click(screen.getByRole('button', { name: '返回' }));
    expect(screen.getByText('register page')).toBeInTheDocument();
  });
});
