export { useAppDownload, type AppDownload } from './use-app-download';
export { DownloadButtons, type DownloadButtonsProps } from './download-buttons';
export { DOWNLOAD_LABELS, type DownloadPlatform } from './download-platform';
