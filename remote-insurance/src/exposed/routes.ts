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
      children: [
        {
          name: 'insurances/renew',
          path: ':policyId/renew',
          titleKey: 'routes.renew',
          requiresAuth: true,
          page: 'renew',
        },
        {
          name: 'insurances/terminate',
          path: ':policyId/terminate',
          titleKey: 'routes.terminate',
          requiresAuth: true,
          page: 'terminate',
        },
        {
          name: 'insurances/start-date',
          path: ':policyId/start-date',
          titleKey: 'startDate.title',
          requiresAuth: true,
          page: 'startDate',
        },
        {
          name: 'insurances/address',
          path: ':policyId/address',
          titleKey: 'address.title',
          requiresAuth: true,
          page: 'address',
        },
      ],
    },
    {
      name: 'request',
      path: '/request',
      titleKey: 'request.title',
      requiresAuth: false,
      page: 'request',
    },
    {
      // Public: whoever holds a proof-of-cover letter checks it here, by its QR code or its short code.
      name: 'verify',
      path: '/verify',
      titleKey: 'routes.verify',
      requiresAuth: false,
      page: 'verify',
      children: [
        {
          name: 'verify/code',
          path: ':code',
          titleKey: 'routes.verify',
          requiresAuth: false,
          page: 'verify',
        },
      ],
    },
  ],
} satisfies RemoteRoutes<keyof typeof pages>;
