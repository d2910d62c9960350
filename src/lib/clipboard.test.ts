import { copyText } from './clipboard';

describe('copyText', () => {
  const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    else Reflect.deleteProperty(navigator, 'clipboard');
    vi.restoreAllMocks();
  });

  function setClipboard(value: unknown) {
    Object.defineProperty(navigator, 'clipboard', { value, configurable: true });
  }

  it('uses the Clipboard API when it works', async () => {
    const writeText = vi.fn(async () => undefined);
    setClipboard({ writeText });
    await expect(copyText('abc')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('abc');
  });

  it('falls back to a selected hidden textarea when the API refuses', async () => {
    setClipboard({ writeText: vi.fn(async () => Promise.reject(new DOMException('no', 'NotAllowedError'))) });
    let copied = '';
    document.execCommand = vi.fn((command: string) => {
      const area = document.querySelector('textarea');
      copied = area ? area.value.slice(area.selectionStart, area.selectionEnd) : '';
      return command === 'copy';
    });
    await expect(copyText('13800001111')).resolves.toBe(true);
    expect(copied).toBe('13800001111');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('reports failure when neither path works', async () => {
    setClipboard(undefined);
    document.execCommand = vi.fn(() => false);
    await expect(copyText('x')).resolves.toBe(false);
  });
});
