import { everyPageOfEachRemote } from './every-page';

// The host at its last release, serving today's remotes (N+1 remotes on an older host:
// scripts/check-releases.mjs).
everyPageOfEachRemote("today's remotes on the older host");
