import i18next from 'i18next';

import { DEFAULT_LOCALE, isLocale, SUPPORTED_LOCALES } from './locales';
import type { Locale } from './locales';

/** The texts of one namespace in one language: the parsed JSON file. */
export type NamespaceTexts = Record<string, unknown>;

/**
 * Fetches a namespace's texts of one language on demand, e.g. `() => import('../locales/nl.json')`.
 * It may resolve to the texts or to a module whose `default` export is the texts (what webpack and
 * TypeScript give for a JSON import).
 */
export type NamespaceTextsLoader = () => Promise<NamespaceTexts | { default: NamespaceTexts }>;

/**
 * The texts of one namespace: the English ones bundled (en-GB is the default and the fallback),
 * the Dutch ones fetched only when Dutch is used. nl may be shorter than en.
 */
export type NamespaceResources = {
  en: NamespaceTexts;
  nl: NamespaceTextsLoader;
};

type Namespace = {
  name: string;
  resources: NamespaceResources;
  /** Languages whose texts are in i18next. */
  loaded: Set<Locale>;
  /** One load per language at a time; a failed one is forgotten so that it can be tried again. */
  loading: Map<Locale, Promise<void>>;
};

const namespaces = new Map<string, Namespace>();

// i18next has no store before initI18n: bundles that are ready earlier wait here.
const early: Array<{ lng: Locale; ns: string; texts: NamespaceTexts }> = [];
let markInitialised: () => void = () => undefined;
const initialised = new Promise<void>((resolve) => {
  markInitialised = resolve;
});

function addBundle(lng: Locale, ns: string, texts: NamespaceTexts): void {
  if (i18next.isInitialized) i18next.addResourceBundle(lng, ns, texts, true, true);
  else early.push({ lng, ns, texts });
}

function isTexts(value: unknown): value is NamespaceTexts {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textsOf(ns: string, lng: Locale, loaded: unknown): NamespaceTexts {
  // A module (webpack's and TypeScript's JSON import) carries the texts as its default export.
  const texts = isTexts(loaded) && 'default' in loaded ? loaded.default : loaded;
  if (!isTexts(texts)) throw new TypeError(`The ${lng} texts of "${ns}" are not an object of texts.`);
  return texts;
}

function loaderFor(resources: NamespaceResources, lng: Locale): NamespaceTextsLoader | undefined {
  return lng === 'nl' ? resources.nl : undefined;
}

/** The interface language i18next is in (en-GB before initialisation). */
function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
}

function needsLoad(namespace: Namespace, lng: Locale): boolean {
  return lng !== DEFAULT_LOCALE && !namespace.loaded.has(lng);
}

// Calls the loader now (the fetch starts at once); one that throws counts as a failed load.
function startLoader(namespace: Namespace, lng: Locale): Promise<unknown> {
  const loader = loaderFor(namespace.resources, lng);
  try {
    return Promise.resolve(loader ? loader() : {});
  } catch (error) {
    return Promise.reject(error);
  }
}

function loadNamespace(namespace: Namespace, lng: Locale): Promise<void> {
  if (!needsLoad(namespace, lng)) return Promise.resolve();
  const running = namespace.loading.get(lng);
  if (running) return running;
  const load = startLoader(namespace, lng)
    .then((loaded) => {
      addBundle(lng, namespace.name, textsOf(namespace.name, lng, loaded));
      namespace.loaded.add(lng);
    })
    .finally(() => {
      if (namespace.loading.get(lng) === load) namespace.loading.delete(lng);
    });
  namespace.loading.set(lng, load);
  return load;
}

/**
 * Loads the texts of `lng` of every namespace registered so far (and of any registered while
 * waiting), each once: concurrent calls share the running loads, and en-GB, which is bundled,
 * resolves at once. Rejects when a file could not be fetched; the texts then stay as they were
 * (English as the fallback) and a later call tries again.
 */
export async function loadLocale(lng: Locale): Promise<void> {
  if (!isLocale(lng)) {
    throw new RangeError(
      `Unsupported language "${String(lng)}": use one of ${SUPPORTED_LOCALES.join(', ')}.`,
    );
  }
  // A remote that registers while others load (a page opened during a switch) is loaded too.
  for (;;) {
    const missing = [...namespaces.values()].filter((namespace) => needsLoad(namespace, lng));
    if (missing.length === 0) return;
    await Promise.all(missing.map((namespace) => loadNamespace(namespace, lng)));
  }
}

/**
 * Resolves when the current language's texts of every namespace registered so far are loaded
 * (waiting for initI18n first if it has not run). The host awaits it before its first render, so
 * a visitor whose stored choice is Dutch sees Dutch at once. Rejects like {@link loadLocale}; the
 * texts then fall back to English.
 */
export async function localeReady(): Promise<void> {
  await initialised;
  await loadLocale(currentLocale());
}

/**
 * Adds a namespace of texts (one per app), e.g.
 * `registerNamespace('insurance', { en, nl: () => import('../locales/nl.json') })`. The English texts
 * are added at once; the Dutch ones are fetched when Dutch is or becomes the language. Works before
 * or after initI18n; registering again merges and overwrites keys (a new `nl` loader is loaded anew).
 *
 * @returns A promise that resolves when the namespace's texts of the current language are there
 *   (at once for en-GB; before initI18n, once it has run): a page waits for it so that it never
 *   shows English to a Dutch visitor. It rejects when the texts could not be fetched.
 */
export function registerNamespace(ns: string, resources: NamespaceResources): Promise<void> {
  const previous = namespaces.get(ns);
  let namespace: Namespace;
  if (previous && previous.resources.nl === resources.nl) {
    namespace = previous;
    namespace.resources = resources;
  } else {
    namespace = { name: ns, resources, loaded: new Set(), loading: new Map() };
    namespaces.set(ns, namespace);
  }
  addBundle(DEFAULT_LOCALE, ns, resources.en);
  const ready = i18next.isInitialized
    ? loadNamespace(namespace, currentLocale())
    : initialised.then(() => loadNamespace(namespace, currentLocale()));
  // Whoever awaits the promise sees a failure; one nobody awaits is no unhandled rejection
  // (localeReady and the language switch report it).
  ready.catch(() => undefined);
  return ready;
}

/**
 * Called by initI18n once i18next is initialised: adds the bundles that were ready before and lets
 * the namespaces registered earlier load their current language.
 */
export function completeInitialisation(): void {
  for (const { lng, ns, texts } of early.splice(0)) i18next.addResourceBundle(lng, ns, texts, true, true);
  markInitialised();
}
