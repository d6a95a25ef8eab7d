import { ROUTE_PATHS } from '@portal/shared/route-paths';
import { API_PATHS } from '@portal/contract/wire';
import type { RemoteRoutes } from '@portal/shared';
import type { pages } from './pages';

/** The pages this remote serves; the build publishes this table as `routes.json` for the host. */
export const routes = {
  namespace: 'account',
  routes: [
    { name: 'login', path: ROUTE_PATHS.login, titleKey: 'routes.login', requiresAuth: false, page: 'login' },
    {
      name: 'resetpassword',
      path: ROUTE_PATHS.resetpassword,
      titleKey: 'routes.resetPassword',
      requiresAuth: false,
      page: 'resetPassword',
    },
    {
      name: 'activate',
      path: ROUTE_PATHS.activate,
      titleKey: 'routes.activate',
      requiresAuth: false,
      props: { mode: 'activate' },
      page: 'activate',
    },
    {
      name: 'setpassword',
      path: ROUTE_PATHS.setpassword,
      titleKey: 'routes.setPassword',
      requiresAuth: false,
      props: { mode: 'setpassword' },
      page: 'activate',
    },
    {
      name: 'confirm-email',
      path: ROUTE_PATHS['confirm-email'],
      titleKey: 'routes.confirmEmail',
      requiresAuth: false,
      page: 'confirmEmail',
    },
    {
      name: 'profile',
      contentPage: 'profile',
      titleKey: 'routes.profile',
      requiresAuth: true,
      page: 'profile',
      // Everything the page reads as it opens, in the order it needs them: its first screen waits for
      // the profile and the countries (these two come with the page's header), and the passkeys,
      // policy settings, mail settings and open sessions load as their sections appear.
      preloadApi: [
        API_PATHS.profile,
        API_PATHS.countries,
        'api/passkeys',
        API_PATHS.policies,
        API_PATHS.mailPreferences,
        API_PATHS.sessions,
      ],
    },
  ],
} satisfies RemoteRoutes<keyof typeof pages>;
