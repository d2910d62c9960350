import { DownloadScreen } from '@/features/download';

export default function DownloadRoute() {
  return <DownloadScreen />;
}
