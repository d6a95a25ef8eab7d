import base from './playwright.config';

// The release checks of scripts/check-releases.mjs: the same stack as the journeys, serving builds of
// the remotes from temporary worktrees (REMOTE_<NAME>_DIST_DIR). Run by that script only, with
// E2E_WORKERS=1: a few journeys, one stack.
export default { ...base, testDir: './releases' };
