// The skeleton's styles ship with the entry so the striped layout shows before the app is loaded.
import '@portal/ui/styles.css';
import './styles/host.css';

// The async boundary lets the federation runtime negotiate shared modules before React loads. It
// starts in a task after this script's own: setting up the federation runtime is one task on a
// phone's main thread, resolving the start-up's shared modules (their version checks) another.
setTimeout(() => {
  import('./bootstrap').catch((error: unknown) =>
    // The app's own code could not be loaded: the failure notice is its own small chunk.
    import(/* webpackChunkName: "on-demand-start-up-failure" */ './app/start-up-failure').then(
      ({ showStartUpFailure }) => showStartUpFailure(error),
      () => console.error('The portal could not be started.', error),
    ),
  );
}, 0);

// The service worker keeps the emergency page for use without a network (src/service-worker). It is
// registered once the page has loaded, so it never competes with the first paint for the network.
// Only the production build has one (host/configs/service-worker.cjs); the dev server reloads anyway.
if (process.env.NODE_ENV === 'production' && 'serviceWorker' in navigator) {
  const register = () =>
    navigator.serviceWorker.register('/en/sw.js', { scope: '/en/' }).catch((error: unknown) => {
      console.error('The service worker could not be registered.', error);
    });
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
