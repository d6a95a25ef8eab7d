import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteHandle } from '../../app/route-handle';

/** `{page title} | {product name}`, the page title template of SPEC.md §1. */
export function usePageTitle(handle: RouteHandle | undefined): void {
  const { t } = useTranslation('host');
  // The product name belongs to the shared texts; the host's copy is the fallback.
  const product = t('productName', { ns: ['common', 'host'] });
  const title = handle?.pageTitle || (handle?.titleKey ? t(handle.titleKey) : '');

  useEffect(() => {
    document.title = title ? `${title} | ${product}` : product;
  }, [title, product]);
}
