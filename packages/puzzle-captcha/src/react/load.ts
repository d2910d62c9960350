/** An image load that can be aborted (server mode's time limit on its calls is in server-calls.ts). */

/** Resolves with a decoded image; rejects on error, on timeout, or for a cross-origin picture without CORS. */
export function loadImage(url: string, timeoutMs: number, signal: AbortSignal): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    const finish = (error?: Error) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
      image.onload = null;
      image.onerror = null;
      if (error) reject(error);
      else if (image.naturalWidth > 0 && image.naturalHeight > 0) resolve(image);
      else reject(new Error('empty image'));
    };
    const abort = () => {
      finish(new Error('aborted'));
      image.src = '';
    };
    const timer = setTimeout(() => finish(new Error('timeout')), timeoutMs);
    signal.addEventListener('abort', abort);
    // Asking for CORS makes a picture that would taint the canvas fail to load instead.
    image.crossOrigin = 'anonymous';
    image.decoding = 'async';
    image.onload = () => {
      if (typeof image.decode === 'function')
        image.decode().then(
          () => finish(),
          () => finish(new Error('decode')),
        );
      else finish();
    };
    image.onerror = () => finish(new Error('load'));
    image.src = url;
  });
}
