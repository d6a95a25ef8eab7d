import type { RemoteRoutes } from '@portal/shared';
import type { pages } from './pages';

/** The pages this remote serves; the build publishes this table as `routes.json` for the host. */
export const routes = {
  namespace: 'insurance',
  routes: [
    {
      name: 'insurances',
      contentPage: 'insurances',
      titleKey: 'routes.insurances',
      requiresAuth: true,
      page: 'insurances',
    },
  ],
} satisfies RemoteRoutes<keyof typeof pages>;
