import type en from './locales/en.json';

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** The texts of the `common` namespace; the English file is the source of the keys. */
export type CommonTexts = typeof en;

/** Every key of the `common` namespace, typed from the English file (e.g. `'CommonError.title'`). */
export type CommonKey = Paths<CommonTexts>;
