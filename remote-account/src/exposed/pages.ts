import { lazy } from 'react';
import type { ComponentType } from 'react';
import { registerNamespace } from '@portal/shared';
import type { PageProps } from '@portal/shared';
import en from '../locales/en.json';
import nl from '../locales/nl.json';

registerNamespace('account', { en, nl });

/** The pages the host can place on a route; keys are fixed by the host's route table. */
export const pages: Record<string, ComponentType<PageProps>> = {
  login: lazy(() =>
    import('../features/login/components/login-page').then((m) => ({ default: m.LoginPage })),
  ),
  resetPassword: lazy(() =>
    import('../features/reset-password/components/reset-password-page').then((m) => ({
      default: m.ResetPasswordPage,
    })),
  ),
  activate: lazy(() =>
    import('../features/activation/components/activate-page').then((m) => ({ default: m.ActivatePage })),
  ),
};
