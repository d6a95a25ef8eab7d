import '@portal/shared/styles.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, NavLink, Navigate, Route, Routes, useParams } from '@portal/shared/router';
import { Provider as UrqlProvider } from 'urql';
import { contentClient, initI18n, Spinner } from '@portal/shared';
import type { PageProps } from '@portal/shared';
import { pages } from './exposed/pages';

// Standalone mount for this team's development: every exposed page on `/<key>`; route
// parameters (`/activate/:id/:username` style) are passed as page props like the host does.
const keys = Object.keys(pages);

function StandalonePage({ pageKey }: { pageKey: string }) {
  const params = useParams();
  const Page = pages[pageKey];
  if (!Page) return null;
  const [id, username] = (params['*'] ?? '').split('/');
  const props: PageProps = { id: id || undefined, username: username || undefined };
  return <Page {...props} />;
}

function StandaloneApp() {
  return (
    <>
      <nav>
        <ul>
          {keys.map((key) => (
            <li key={key}>
              <NavLink to={`/${key}`}>{key}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main>
        <Suspense fallback={<Spinner />}>
          <Routes>
            {keys.map((key) => (
              <Route key={key} path={`/${key}/*`} element={<StandalonePage pageKey={key} />} />
            ))}
            <Route path="*" element={keys[0] ? <Navigate to={`/${keys[0]}`} replace /> : null} />
          </Routes>
        </Suspense>
      </main>
    </>
  );
}

initI18n();
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <UrqlProvider value={contentClient}>
        <BrowserRouter basename="/">
          <StandaloneApp />
        </BrowserRouter>
      </UrqlProvider>
    </StrictMode>,
  );
}
