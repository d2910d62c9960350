import { NavBar } from '@/components/nav-bar';
import { ROUTES } from '@/config/routes';

export function ContactScreen() {
  return (
    <main className="screen">
      <NavBar backTo={ROUTES.home} />
      <h1>联系我们</h1>
    </main>
  );
}
