// Whether the ports a stack needs are free, checked before anything starts: a server that is
// already running there would otherwise answer in place of the one we meant to start.
import { createServer } from 'node:net';

/** A TCP port nothing listens on now, on the loopback. @returns {Promise<number>} */
export function sparePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Resolves true when nothing listens on `port` (any interface). @param {number} port @returns {Promise<boolean>} */
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
  /** @type {{ name: string, port: number }[]} */
  const busy = [];
  for (const [name, port] of Object.entries(ports)) {
    if (!(await isPortFree(port))) busy.push({ name, port });
  }
  return busy;
}

/** One line per busy port, for an error message. @param {{ name: string, port: number }[]} busy */
export function describeBusy(busy) {
  return busy.map(({ name, port }) => `  port ${port} (${name}) is already in use`).join('\n');
}
