// Whether the ports a stack needs are free, checked before anything starts: a server that is
// already running there would otherwise answer in place of the one we meant to start.
import { createServer } from 'node:net';

/** Resolves true when nothing listens on `port` (any interface). */
export function isPortFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    // No host: the dual-stack wildcard, which collides with a listener on any interface.
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * The entries of `ports` ({name: port}) that are in use, e.g. `[{name: 'host', port: 8080}]`.
 * @param {Record<string, number>} ports
 */
export async function busyPorts(ports) {
  const busy = [];
  for (const [name, port] of Object.entries(ports)) {
    if (!(await isPortFree(port))) busy.push({ name, port });
  }
  return busy;
}

/** One line per busy port, for an error message. */
export function describeBusy(busy) {
  return busy.map(({ name, port }) => `  port ${port} (${name}) is already in use`).join('\n');
}
