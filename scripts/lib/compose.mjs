// Finds a docker-compose that can validate docker-compose.yml (no Docker engine needed).
import { run, capture, onPath } from './run.mjs';
import { isDebianLike, isRoot } from './chromium.mjs';
import { loud, step } from './log.mjs';

/**
 * Returns the command (as an argv prefix) that runs Compose: `docker compose` (plugin) or
 * `docker-compose`; as root on Debian/Ubuntu installs Debian's docker-compose when neither is
 * there. Returns null, with a loud note, when none can be had: the caller skips the check.
 */
export async function ensureDockerCompose() {
  if (onPath('docker') && capture('docker', ['compose', 'version']) !== null) return ['docker', 'compose'];
  if (onPath('docker-compose')) return ['docker-compose'];
  if (isRoot() && isDebianLike()) {
    step('Installing docker-compose with apt-get');
    try {
      await run('apt-get', ['update']);
      await run('apt-get', ['install', '-y', 'docker-compose'], {
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      if (onPath('docker-compose')) return ['docker-compose'];
    } catch (error) {
      loud(`apt-get could not install docker-compose: ${error.message}`);
    }
  }
  loud('Neither "docker compose" nor "docker-compose" is available: SKIPPING the docker-compose.yml check.');
  return null;
}
