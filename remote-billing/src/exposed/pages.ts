import { lazy } from 'react';
import type { ComponentType } from 'react';
import { registerNamespace } from '@portal/shared';
import type { PageProps } from '@portal/shared';
import en from '../locales/en.json';
import nl from '../locales/nl.json';

registerNamespace('billing', { en, nl });

/** The pages the host can place on a route; keys are fixed by the host's route table. */
export const pages: Record<string, ComponentType<PageProps>> = {
  invoices: lazy(() =>
    import('../features/invoices/components/invoices-page').then((m) => ({ default: m.InvoicesPage })),
  ),
};
