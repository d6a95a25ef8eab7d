// The one module each remote exposes (`./pages`, see each remote's src/exposed/pages.ts).
// Loaded at run time with loadRemote('<remote>/pages'); these declarations give it a type: the one
// ExposedPages shape of @portal/shared, for every remote.

declare module 'account/pages' {
  import type { ExposedPages } from '@portal/shared';
  export const pages: ExposedPages;
}

declare module 'insurance/pages' {
  import type { ExposedPages } from '@portal/shared';
  export const pages: ExposedPages;
}

declare module 'billing/pages' {
  import type { ExposedPages } from '@portal/shared';
  export const pages: ExposedPages;
}

declare module 'service/pages' {
  import type { ExposedPages } from '@portal/shared';
  export const pages: ExposedPages;
}
