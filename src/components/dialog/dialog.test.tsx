import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog } from '.';

function Harness({ closeOnBackdrop = true }: { closeOnBackdrop?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        下载APP
      </button>
      <Dialog open={open} title="选择下载方式" onClose={() => setOpen(false)} closeOnBackdrop={closeOnBackdrop}>
        <button type="button">安卓下载</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens named by its title, locks page scroll, and closes with its close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: '下载APP' }));
    const dialog = screen.getByRole('dialog', { name: '选择下载方式' });
    expect(dialog).toHaveAttribute('open');
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('returns focus to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: '下载APP' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(opener).toHaveFocus();
  });

  it('closes on Escape (the cancel event)', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: '下载APP' }));
    screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes on a backdrop tap only where asked', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: '下载APP' }));
    await user.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    render(<Harness closeOnBackdrop={false} />);
    await user.click(screen.getByRole('button', { name: '下载APP' }));
    await user.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
