import { ROUTE_PATHS, SUB_ROUTE_PATHS } from '@portal/shared/route-paths';
import { API_PATHS } from '@portal/contract/wire';
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
      preloadApi: [API_PATHS.policies],
      // A page beneath a policy card opens on that policy, which it finds in her policies (the api has
      // no read of one policy): the same first read, started as the student moves there.
      children: [
        {
          name: 'insurances/renew',
          path: SUB_ROUTE_PATHS['insurances/renew'],
          titleKey: 'routes.renew',
          requiresAuth: true,
          page: 'renew',
          preloadApi: [API_PATHS.policies],
        },
        {
          name: 'insurances/terminate',
          path: SUB_ROUTE_PATHS['insurances/terminate'],
          titleKey: 'routes.terminate',
          requiresAuth: true,
          page: 'terminate',
          preloadApi: [API_PATHS.policies],
        },
        {
          name: 'insurances/start-date',
          path: SUB_ROUTE_PATHS['insurances/start-date'],
          titleKey: 'startDate.title',
          requiresAuth: true,
          page: 'startDate',
          preloadApi: [API_PATHS.policies],
        },
        {
          name: 'insurances/address',
          path: SUB_ROUTE_PATHS['insurances/address'],
          titleKey: 'address.title',
          requiresAuth: true,
          page: 'address',
          preloadApi: [API_PATHS.policies],
        },
      ],
    },
    {
      name: 'request',
      path: ROUTE_PATHS.request,
      titleKey: 'request.title',
      requiresAuth: false,
      page: 'request',
    },
    {
      // Public: whoever holds a proof-of-cover letter checks it here, by its QR code or its short code.
      name: 'verify',
      path: ROUTE_PATHS.verify,
      titleKey: 'routes.verify',
      requiresAuth: false,
      page: 'verify',
      children: [
        {
          name: 'verify/code',
          path: SUB_ROUTE_PATHS['verify/code'],
          titleKey: 'routes.verify',
          requiresAuth: false,
          page: 'verify',
        },
      ],
    },
  ],
} satisfies RemoteRoutes<keyof typeof pages>;
