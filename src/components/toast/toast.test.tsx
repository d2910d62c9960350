import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { ToastProvider, useToast, type ToastApi } from '.';

function Harness() {
  const toast = useToast();
  const [clicks, setClicks] = useState(0);
  return (
    <>
      <button type="button" onClick={() => toast.show('已复制到剪贴板', { kind: 'success' })}>
        show
      </button>
      <button type="button" onClick={() => toast.loading('注册中...')}>
        load
      </button>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        count {clicks}
      </button>
    </>
  );
}

function setup() {
  render(
    <ToastProvider>
      <Harness />
    </ToastProvider>,
  );
}

describe('toast', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a message in a live region and hides it after 2000 ms', async () => {
    vi.useFakeTimers();
    setup();
    act(() => screen.getByText('show').click());
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('已复制到剪贴板');
    act(() => vi.advanceTimersByTime(1999));
    expect(region).toHaveTextContent('已复制到剪贴板');
    act(() => vi.advanceTimersByTime(1));
    expect(region).toBeEmptyDOMElement();
  });

  it('shows one toast at a time: a new one replaces the old', () => {
    const grabbed: { api?: ToastApi } = {};
    function Grab() {
      const api = useToast();
      useEffect(() => {
        grabbed.api = api;
      });
      return null;
    }
    render(
      <ToastProvider>
        <Grab />
      </ToastProvider>,
    );
    act(() => void grabbed.api!.loading('注册中...'));
    act(() => grabbed.api!.show('网络错误，请重试', { kind: 'fail' }));
    expect(screen.getByRole('status')).toHaveTextContent('网络错误，请重试');
    expect(screen.getByRole('status')).not.toHaveTextContent('注册中...');
    expect(screen.queryByTestId('toast-blocker')).toBeNull();
  });

  it('a loading toast blocks every tap until it is closed', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByText('load'));
    expect(screen.getByRole('status')).toHaveTextContent('注册中...');
    await user.click(screen.getByText('count 0'));
    expect(screen.getByText('count 0')).toBeInTheDocument();
  });

  it('taps work again once the loading toast closes', async () => {
    let closeLoading: () => void = () => undefined;
    function Opener() {
      const toast = useToast();
      const [n, setN] = useState(0);
      return (
        <>
          <button
            type="button"
            onClick={() => {
              closeLoading = toast.loading('验证手机号中...');
            }}
          >
            load
          </button>
          <button type="button" onClick={() => setN(n + 1)}>
            count {n}
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Opener />
      </ToastProvider>,
    );
    await user.click(screen.getByText('load'));
    await user.click(screen.getByText('count 0'));
    expect(screen.getByText('count 0')).toBeInTheDocument();
    act(() => closeLoading());
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.click(screen.getByText('count 0'));
    expect(screen.getByText('count 1')).toBeInTheDocument();
  });
});
