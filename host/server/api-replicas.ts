// Which api replicas the proxy sends to. API_ORIGIN names them; a name that is not an address (the
// compose service `api`) stands for every address it resolves to, so `docker compose up --scale api=N`
// needs no change here. Every API_REFRESH_SECONDS the names are resolved again and each replica is
// asked `/readyz`: a replica that is shutting down (503) or gone gets no new requests, and one that
// came up gets its share.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** The part of the proxy's pool (./replica-pool.ts) the replicas are kept in. */
export interface UpstreamPool {
  /** Sends every request from now on to `origins`. */
  setUpstreams(origins: string[]): unknown;
}

/** How the replicas are found and checked; tests give their own. */
export interface ApiReplicaOptions {
  /** Every address of a name (all of them, as Docker's DNS answers for a scaled service). */
  resolve?: (hostname: string) => Promise<string[]>;
  /** Whether a replica takes new requests: its `/readyz` answers 200. */
  isReady?: (origin: string) => Promise<boolean>;
  onChange?: (replicas: string[]) => void;
}

/** How long a replica may take to answer `/readyz`. */
const READY_TIMEOUT_MS = 1_000;

async function resolveAll(hostname: string): Promise<string[]> {
  return (await lookup(hostname, { all: true })).map((entry) => entry.address);
}

async function answersReady(origin: string): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(READY_TIMEOUT_MS) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Whether an origin's host is a name to resolve (not an address, and not this machine's loopback name). */
export const namesReplicas = (origin: string): boolean => {
  const { hostname } = new URL(origin);
  return isIP(hostname.replace(/^\[|\]$/g, '')) === 0 && hostname !== 'localhost';
};

/** The origin with its host replaced by `address` (IPv6 in brackets). */
export function originAt(origin: string, address: string): string {
  const url = new URL(origin);
  url.hostname = isIP(address) === 6 ? `[${address}]` : address;
  return url.origin;
}

/** The replicas the proxy sends to, and how to find them again. */
export interface ApiReplicas {
  /** The replicas the pool holds now. */
  current(): string[];
  /** Resolves the names again and asks each replica whether it is ready; updates the pool. */
  refresh(): Promise<void>;
  /** Stops refreshing. */
  stop(): void;
}

/**
 * Keeps `pool` holding the ready replicas of `origins`, refreshed every `refreshSeconds` (0: never,
 * the pool keeps `origins` as given). When no replica is ready, all that were found stay: a request
 * that may fail is better than none sent.
 */
export function followApiReplicas(
  pool: UpstreamPool,
  origins: string[],
  refreshSeconds: number,
  { resolve = resolveAll, isReady = answersReady, onChange }: ApiReplicaOptions = {},
): ApiReplicas {
  let current = [...origins];
  pool.setUpstreams(current);
  let running: Promise<void> | undefined;

  async function found(): Promise<string[]> {
    const lists = await Promise.all(
      origins.map(async (origin) => {
        if (!namesReplicas(origin)) return [origin];
        try {
          return (await resolve(new URL(origin).hostname)).map((address) => originAt(origin, address));
        } catch {
          // The name does not resolve for now (DNS restarting, no replica up): keep what the pool has.
          return current;
        }
      }),
    );
    return [...new Set(lists.flat())];
  }

  async function update(): Promise<void> {
    const candidates = await found();
    const ready = (
      await Promise.all(candidates.map(async (origin) => ((await isReady(origin)) ? origin : null)))
    ).filter((origin): origin is string => origin !== null);
    const next = ready.length > 0 ? ready : candidates.length > 0 ? candidates : current;
    const changed =
      next.some((origin) => !current.includes(origin)) || current.some((origin) => !next.includes(origin));
    current = next;
    if (!changed) return;
    pool.setUpstreams(current);
    onChange?.(current);
  }

  const refresh = () => {
    running ??= update().finally(() => (running = undefined));
    return running;
  };
  const timer =
    refreshSeconds > 0
      ? setInterval(() => void refresh().catch(() => undefined), refreshSeconds * 1000)
      : undefined;
  timer?.unref();
  void refresh().catch(() => undefined);
  return {
    current: () => [...current],
    refresh,
    stop: () => clearInterval(timer),
  };
}
