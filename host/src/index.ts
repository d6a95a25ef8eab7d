// The skeleton's styles ship with the entry so the striped layout shows before the app is loaded.
import '@portal/shared/styles.css';
import './styles/host.css';

// The async boundary lets the federation runtime negotiate shared modules before React loads.
import('./bootstrap').catch((error: unknown) =>
  // The app's own code could not be loaded: the failure notice is its own small chunk.
  import(/* webpackChunkName: "on-demand-start-up-failure" */ './app/start-up-failure').then(
    ({ showStartUpFailure }) => showStartUpFailure(error),
    () => console.error('The portal could not be started.', error),
  ),
);
