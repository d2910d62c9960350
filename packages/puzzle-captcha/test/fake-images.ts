// The browser's Image for the component tests (jsdom loads no pictures), one fake for all of them.

/** A picture the widget asked for: its source, and the crossOrigin set before it. */
export interface PictureRequest {
  src: string;
  crossOrigin: string | null;
}

/**
 * Stands in for the browser's Image until the test's globals are unstubbed: a picture given a source loads
 * (620 x 320) or fails `afterMs` later, on the test's timers. Returns the pictures asked for, in order.
 */
export function stubImages({ fail = false, afterMs = 5 }: { fail?: boolean; afterMs?: number } = {}): PictureRequest[] {
  const requested: PictureRequest[] = [];
  vi.stubGlobal(
    'Image',
    class {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      crossOrigin: string | null = null;
      decoding = '';
      naturalWidth = 0;
      naturalHeight = 0;
      set src(value: string) {
        if (!value) return;
        requested.push({ src: value, crossOrigin: this.crossOrigin });
        setTimeout(() => {
          if (fail) return this.onerror?.();
          this.naturalWidth = 620;
          this.naturalHeight = 320;
          this.onload?.();
        }, afterMs);
      }
    },
  );
  return requested;
}
