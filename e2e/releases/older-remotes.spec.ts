import { everyPageOfEachRemote } from './every-page';

// The remotes at their last release (N−1), served with today's host (scripts/check-releases.mjs).
everyPageOfEachRemote('older remotes');
