#!/usr/bin/env node
// Exits 1 with a clear message when one of the given ports is in use.
// Usage: node scripts/check-ports.mjs host=8080 api=8090 ...
import { busyPorts, describeBusy } from './lib/ports.mjs';

/** @type {Record<string, number>} */
const ports = {};
for (const argument of process.argv.slice(2)) {
  const [name, value] = argument.split('=');
  const port = Number(value);
  if (!name || !Number.isInteger(port) || port <= 0 || port > 65535) {
    console.error(`check-ports: "${argument}" is not name=port.`);
    process.exit(2);
  }
  ports[name] = port;
}

const busy = await busyPorts(ports);
if (busy.length > 0) {
  console.error(
    `${describeBusy(busy)}\nStop what runs there (an earlier "npm start" or "npm run dev"?) and try again.`,
  );
  process.exit(1);
}
