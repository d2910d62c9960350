import { lazy, Suspense } from 'react';
import { ROUTES } from '@/config/routes';
import { Navigate, RouteSwitch } from '@/lib/router';
import { PageReady } from './page-ready';
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
          [ROUTES.register]: (
            <>
              <RegisterRoute />
              <PageReady />
            </>
          ),
          [ROUTES.contact]: (
            <Suspense fallback={null}>
              <ContactRoute />
              <PageReady />
            </Suspense>
          ),
          [ROUTES.download]: (
            <Suspense fallback={null}>
              <DownloadRoute />
              <PageReady />
            </Suspense>
          ),
        }}
        fallback={<Navigate to={ROUTES.register} />}
      />
    </RootLayout>
  );
}
