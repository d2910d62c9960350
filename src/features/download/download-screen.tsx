import logoUrl from '@/assets/logo.svg';
import { pingRegistration } from '@/api';
import { DownloadButtons, useAppDownload } from '@/components/app-download';
import { NavBar } from '@/components/nav-bar';
import { config } from '@/config/env';
import { ROUTES } from '@/config/routes';
import { ClosedPuzzle } from './closed-puzzle';
import { InstallGuide } from './install-guide';
import './download-screen.css';

/** Each download button also sends reg with no data; its outcome is never shown. */
function pingQuietly() {
  pingRegistration().catch(() => undefined);
}

export function DownloadScreen() {
  const { start, overlay } = useAppDownload();
  return (
    <main className="screen download">
      <NavBar backTo={ROUTES.register} />
      <section className="download__hero">
        <img className="download__logo" src={config.brand.logo || logoUrl} alt="游戏APP图标" width={88} height={88} />
        <h1 className="download__title">下载APP</h1>
        <p className="download__subtitle">安装客户端，随时随地畅玩游戏</p>
      </section>
      <DownloadButtons className="download__buttons" start={start} onBeforeStart={pingQuietly} />
      <InstallGuide />
      {overlay}
      <ClosedPuzzle />
    </main>
  );
}
