import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { currentDevice, isDownloadBlockingInApp } from '@/lib/device';
import { downloadUrl, inAppAdvice, type DownloadPlatform, type InAppAdvice } from './download-platform';
import { OpenInBrowserOverlay } from './open-in-browser-overlay';

export interface AppDownload {
  /** Call inside the tap itself, never after an await: iOS blocks window.open outside the gesture. */
  start: (platform: DownloadPlatform) => void;
  /** Render this once; it shows the open-in-browser overlay when needed. */
  overlay: ReactNode;
}

function openInNewTab(url: string) {
  const tab = window.open(url, '_blank');
  // A WebView without multi-window support returns null: download in this tab rather than do nothing.
  if (!tab) window.location.assign(url);
}

export function useAppDownload(): AppDownload {
  const [advice, setAdvice] = useState<InAppAdvice | null>(null);

  const start = useCallback((platform: DownloadPlatform) => {
    const device = currentDevice();
    if (isDownloadBlockingInApp(device)) setAdvice(inAppAdvice(device));
    else openInNewTab(downloadUrl(platform));
  }, []);

  const close = useCallback(() => setAdvice(null), []);

  return useMemo(
    () => ({
      start,
      overlay: advice ? <OpenInBrowserOverlay advice={advice} onClose={close} /> : null,
    }),
    [start, advice, close],
  );
}
