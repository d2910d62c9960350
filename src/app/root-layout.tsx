import type { ReactNode } from 'react';
import { ToastProvider } from '@/components/toast';

export function RootLayout({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <div className="page">{children}</div>
    </ToastProvider>
  );
}
