import type { DownloadPlatform } from './download-platform';

// Glyphs after Material Design Icons (Apache-2.0): the Android head and the Apple logo.
const PATHS: Record<DownloadPlatform, string> = {
  android:
    'M16.61 15.15a.83.83 0 1 1 0-1.65.83.83 0 0 1 0 1.65m-9.2 0a.83.83 0 1 1 0-1.65.83.83 0 0 1 0 1.65m9.5-5.01 1.67-2.88a.35.35 0 0 0-.13-.47.34.34 0 0 0-.45.13l-1.71 2.91A10.5 10.5 0 0 0 12 8.91c-1.53 0-3 .33-4.27.91L6.04 6.91a.35.35 0 0 0-.47-.13.35.35 0 0 0-.13.47l1.66 2.88C4.25 11.69 2.29 14.58 2 18h20c-.28-3.41-2.23-6.3-5.09-7.86',
  ios:
    'M18.71 19.5c-.83 1.24-1.71 2.45-3.05 2.47-1.34.03-1.77-.79-3.29-.79-1.53 0-2 .77-3.27.82-1.31.05-2.3-1.32-3.14-2.53C4.25 17 2.94 12.45 4.7 9.39c.87-1.52 2.43-2.48 4.12-2.51 1.28-.02 2.5.87 3.29.87.78 0 2.26-1.07 3.81-.91.65.03 2.47.26 3.64 1.98-.09.06-2.17 1.28-2.15 3.81.03 3.02 2.65 4.03 2.68 4.04-.03.07-.42 1.44-1.38 2.83M13 3.5c.73-.83 1.94-1.46 2.94-1.5.13 1.17-.34 2.35-1.04 3.19-.69.85-1.83 1.51-2.95 1.42-.15-1.15.41-2.35 1.05-3.11',
};

export function PlatformIcon({ platform }: { platform: DownloadPlatform }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={PATHS[platform]} fill="currentColor" />
    </svg>
  );
}
