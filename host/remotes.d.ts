// The one module each remote exposes (`./pages`, see each remote's src/exposed/pages.ts).
// Loaded at run time with loadRemote('<remote>/pages'); these declarations give it a type.

declare module 'account/pages' {
  import type { ComponentType } from 'react';
  import type { PageProps } from '@portal/shared';
  export const pages: Record<string, ComponentType<PageProps>>;
}

declare module 'insurance/pages' {
  import type { ComponentType } from 'react';
  import type { PageProps } from '@portal/shared';
  export const pages: Record<string, ComponentType<PageProps>>;
}

declare module 'billing/pages' {
  import type { ComponentType } from 'react';
  import type { PageProps } from '@portal/shared';
  export const pages: Record<string, ComponentType<PageProps>>;
}

declare module 'service/pages' {
  import type { ComponentType } from 'react';
  import type { PageProps } from '@portal/shared';
  export const pages: Record<string, ComponentType<PageProps>>;
}
