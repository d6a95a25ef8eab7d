/** @jest-environment jest-fixed-jsdom */
import { matchRoutes } from '@portal/shared/router';
import type { RouteObject } from '@portal/shared/router';
import { paths } from '@portal/shared';

import en from '../locales/en.json';
import nl from '../locales/nl.json';
import { pages } from './pages';
import { routes } from './routes';

const invoices = routes.routes.find((route) => route.name === 'invoices');

/** Reads a dotted key such as `routes.payInvoice` from a locale file. */
function text(locale: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locale);
}

describe('the billing routes', () => {
  it('should serve the pay and payment-settings pages beneath the invoices content page', () => {
    expect(invoices?.contentPage).toBe('invoices');
    const children = invoices?.children ?? [];
    expect(children.map((child) => [child.path, child.page, child.requiresAuth])).toEqual([
      [':invoiceNumber/pay', 'payInvoice', true],
      ['payment-settings/:policyId', 'paymentSettings', true],
    ]);
    for (const child of children) expect(pages[child.page]).toBeDefined();
  });

  it.each([
    [paths.payInvoice('INV-100103'), 'payInvoice', { invoiceNumber: 'INV-100103' }],
    [paths.paymentSettings('POL-1001-T'), 'paymentSettings', { policyId: 'POL-1001-T' }],
  ])('should match %s to its page with the parameter the page reads', (path, page, params) => {
    const tree: RouteObject[] = [
      {
        path: '/invoices',
        children: (invoices?.children ?? []).map((child) => ({ path: child.path, id: child.page })),
      },
    ];
    const match = matchRoutes(tree, path)?.at(-1);
    expect(match?.route.id).toBe(page);
    expect(match?.params).toEqual(params);
  });

  it('should have every title in English and Dutch', () => {
    const keys = routes.routes.flatMap((route) => [
      route.titleKey,
      ...(route.children ?? []).map((c) => c.titleKey),
    ]);
    for (const key of keys) {
      expect(typeof text(en, key)).toBe('string');
      expect(typeof text(nl, key)).toBe('string');
    }
  });
});
