import { lazy, Suspense } from 'react';
import { ROUTES } from '@/config/routes';
import { Navigate, RouteSwitch } from '@/lib/router';
import { RootLayout } from './root-layout';
import RegisterRoute from './routes/register';

const ContactRoute = lazy(() => import('./routes/contact'));
const DownloadRoute = lazy(() => import('./routes/download'));

export function AppRoutes() {
  return (
    <RootLayout>
      <RouteSwitch
        routes={{
          [ROUTES.home]: <Navigate to={ROUTES.register} />,
          [ROUTES.register]: <RegisterRoute />,
          [ROUTES.contact]: <Suspense fallback={null}><ContactRoute /></Suspense>,
          [ROUTES.download]: <Suspense fallback={null}><DownloadRoute /></Suspense>,
        }}
        fallback={<Navigate to={ROUTES.register} />}
      />
    </RootLayout>
  );
}
