import { StrictMode, Suspense, use } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { BrowserRouter, NavLink, Navigate, Route, Routes, useParams } from '@portal/shared/router';
import { Provider as UrqlProvider } from '@portal/shared/urql';

import { contentClient } from '@portal/shared/content';
import { initI18n, localeReady } from '@portal/shared';
import type { ExposedPages, PageProps } from '@portal/shared';
import { Spinner } from '../ui/spinner';

/** The pages one remote exposes, as in its `src/exposed/pages.ts`. */
export type StandalonePages = ExposedPages;

/** Options of {@link mountStandalone}. */
export type MountStandaloneOptions = {
  /** The remote's exposed pages: each is mounted on `/<key>`. */
  pages: StandalonePages;
  /** Where to render (default the page's `#root` element). */
  container?: Element | null;
  /** Link text per page key; a key without one is shown as words (`resetPassword` → "Reset password"). */
  labels?: Partial<Record<string, string>>;
};

/** A page key as words for the dev navigation: `faqCategory` → "Faq category". */
export function readableLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type StandalonePageProps = { pages: StandalonePages; pageKey: string };

function StandalonePage({ pages, pageKey }: StandalonePageProps) {
  const params = useParams();
  const Page = pages[pageKey];
  if (!Page) return null;
  // The rest of the path stands for the host's route parameters (`/activate/:id/:username`).
  const [id, username] = (params['*'] ?? '').split('/');
  const props: PageProps = { id: id || undefined, username: username || undefined };
  return <Page {...props} />;
}

type StandaloneAppProps = { pages: StandalonePages; labels: Partial<Record<string, string>> };

function StandaloneApp({ pages, labels }: StandaloneAppProps) {
  const keys = Object.keys(pages);
  return (
    <>
      <nav>
        <ul>
          {keys.map((key) => (
            <li key={key}>
              <NavLink to={`/${key}`}>{labels[key] ?? readableLabel(key)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main>
        <Suspense fallback={<Spinner />}>
          <Routes>
            {keys.map((key) => (
              <Route key={key} path={`/${key}/*`} element={<StandalonePage pages={pages} pageKey={key} />} />
            ))}
            <Route path="*" element={keys[0] ? <Navigate to={`/${keys[0]}`} replace /> : null} />
          </Routes>
        </Suspense>
      </main>
    </>
  );
}

type TextsReadyProps = { ready: Promise<void>; children: ReactNode };

// Holds the app back (the Suspense fallback shows) until the stored language's texts are there.
function TextsReady({ ready, children }: TextsReadyProps) {
  use(ready);
  return children;
}

/**
 * Mounts a remote on its own, for its team's dev server: every exposed page on `/<key>` with a
 * link list to reach them, unknown paths sent to the first page, and what follows a page's key
 * passed on as the `id` and `username` props, as the host does for `/activate/:id/:username`.
 * Provides what the host would: i18n (rendering once the stored language's texts are loaded, as
 * the host does; in English when they cannot be fetched), the content client and a router.
 *
 * Call it from the remote's `src/bootstrap.tsx`, which `src/index.ts` imports asynchronously so
 * that Module Federation can negotiate the shared modules before React loads.
 *
 * @returns The React root, or `null` when there is no container to render in.
 */
export function mountStandalone({
  pages,
  container = document.getElementById('root'),
  labels = {},
}: MountStandaloneOptions): Root | null {
  initI18n();
  if (!container) return null;
  const ready = localeReady().catch((error: unknown) => {
    console.error('The texts of the stored language could not be loaded; showing English.', error);
  });
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <Suspense fallback={<Spinner />}>
        <TextsReady ready={ready}>
          <UrqlProvider value={contentClient}>
            <BrowserRouter basename="/">
              <StandaloneApp pages={pages} labels={labels} />
            </BrowserRouter>
          </UrqlProvider>
        </TextsReady>
      </Suspense>
    </StrictMode>,
  );
  return root;
}
