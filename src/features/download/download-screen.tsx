import { NavBar } from '@/components/nav-bar';
import { ROUTES } from '@/config/routes';

export function DownloadScreen() {
  return (
    <main className="screen">
      <NavBar backTo={ROUTES.register} />
      <h1>下载APP</h1>
    </main>
  );
}
