import { SUB_ROUTE_PATHS } from '@portal/shared/route-paths';
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
      preloadApi: ['api/en/profiles/{profileId}/invoices'],
      children: [
        {
          name: 'invoices/pay',
          path: SUB_ROUTE_PATHS['invoices/pay'],
          titleKey: 'routes.payInvoice',
          requiresAuth: true,
          page: 'payInvoice',
        },
        {
          name: 'invoices/payment-settings',
          path: SUB_ROUTE_PATHS['invoices/payment-settings'],
          titleKey: 'routes.paymentSettings',
          requiresAuth: true,
          page: 'paymentSettings',
        },
      ],
    },
  ],
} satisfies RemoteRoutes<keyof typeof pages>;
