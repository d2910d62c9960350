import { Outlet } from 'react-router';
import { ToastProvider } from '@/components/toast';

export function RootLayout() {
  return (
    <ToastProvider>
      <div className="page">
        <Outlet />
      </div>
    </ToastProvider>
  );
}
