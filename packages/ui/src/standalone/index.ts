export { mountStandalone, readableLabel } from './mount-standalone';
export type { MountStandaloneOptions, StandalonePages } from './mount-standalone';
