import { useSyncExternalStore } from 'react';
import { currentDevice } from '@/lib/device';
import { DOWNLOAD_LABELS, platformsFor, type DownloadPlatform } from './download-platform';
import { PlatformIcon } from './platform-icon';
import './download-buttons.css';

export interface DownloadButtonsProps {
  /** The `start` of useAppDownload(). */
  start: (platform: DownloadPlatform) => void;
  /** Runs inside the tap just before the download starts; it must not await anything. */
  onBeforeStart?: (platform: DownloadPlatform) => void;
  className?: string;
}

/** 安卓下载 and 苹果下载, the visitor's own platform first and emphasised. */
const subscribeNothing = () => () => undefined;
const visitorFirst = () => platformsFor(currentDevice())[0]!;
const prerenderedFirst = (): DownloadPlatform => 'android';

export function DownloadButtons({ start, onBeforeStart, className }: DownloadButtonsProps) {
  // Prerendered HTML knows no device: hydrate with its order, then put the visitor's platform first.
  const first = useSyncExternalStore(subscribeNothing, visitorFirst, prerenderedFirst);
  const platforms: DownloadPlatform[] = first === 'ios' ? ['ios', 'android'] : ['android', 'ios'];
  return (
    <div className={['download-buttons', className].filter(Boolean).join(' ')}>
      {platforms.map((platform, index) => (
        <button
          // Keyed by slot: when hydration puts the visitor's platform first, the two buttons keep their
          // places and change their labels, so nothing on the painted page moves (no layout shift).
          key={index}
          type="button"
          className={`download-button ${index === 0 ? 'download-button--primary' : 'download-button--secondary'}`}
          onClick={() => {
            onBeforeStart?.(platform);
            start(platform);
          }}
        >
          <PlatformIcon platform={platform} />
          <span>{DOWNLOAD_LABELS[platform]}</span>
        </button>
      ))}
    </div>
  );
}
