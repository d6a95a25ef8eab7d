import type { RemoteRoutes } from '@portal/shared';
import type { pages } from './pages';

/** The pages this remote serves; the build publishes this table as `routes.json` for the host. */
export const routes = {
  namespace: 'billing',
  routes: [
    {
      name: 'invoices',
      contentPage: 'invoices',
      titleKey: 'routes.invoices',
      requiresAuth: true,
      page: 'invoices',
    },
  ],
} satisfies RemoteRoutes<keyof typeof pages>;
