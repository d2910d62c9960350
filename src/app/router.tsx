import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ROUTES } from '@/config/routes';
import { RootLayout } from './root-layout';
import RegisterRoute from './routes/register';

// Declarative routes: the data router costs ~17 KB gzip more and this app loads no route data.
const ContactRoute = lazy(() => import('./routes/contact'));
const DownloadRoute = lazy(() => import('./routes/download'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path={ROUTES.home} element={<Navigate to={ROUTES.register} replace />} />
        <Route path={ROUTES.register} element={<RegisterRoute />} />
        <Route path={ROUTES.contact} element={<Suspense fallback={null}><ContactRoute /></Suspense>} />
        <Route path={ROUTES.download} element={<Suspense fallback={null}><DownloadRoute /></Suspense>} />
        <Route path="*" element={<Navigate to={ROUTES.register} replace />} />
      </Route>
    </Routes>
  );
}
