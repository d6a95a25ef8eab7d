// The dispatcher the proxy sends api requests through. undici's BalancedPool can drop an upstream, but
// the dropped pool stays in its list, closed, until its requests in flight are done, and the weighted
// pick may still choose it: undici then refuses the request (UND_ERR_CLOSED) before sending any of it,
// and a write cannot go elsewhere, its body already destroyed. Here a balanced pool never changes: each
// new set of replicas gets a new one, which takes every request from then on, and the one before is
// closed, which lets its requests in flight finish first.
import type { EventEmitter } from 'node:events';
import { BalancedPool, Dispatcher } from 'undici';

/** Builds the balanced pool of a set of replicas (tests watch the pools through it). */
export type BalancedPoolFactory = (upstreams: string[]) => BalancedPool;

/** The events of the current pool a dispatcher passes on (undici's Dispatcher events). */
const FORWARDED_EVENTS = ['drain', 'connect', 'disconnect', 'connectionError'] as const;

const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && a.every((origin) => b.includes(origin));

/** A balanced pool over the api replicas ready now, replaced whole when they change. */
export class ReplicaPool extends Dispatcher {
  readonly #createPool: BalancedPoolFactory;
  #pool: BalancedPool;
  #upstreams: string[];
  /** Pools of earlier sets, closing once their requests in flight are done. */
  readonly #retiring = new Map<BalancedPool, Promise<void>>();
  #closed = false;

  constructor(
    upstreams: string[] = [],
    createPool: BalancedPoolFactory = (origins) => new BalancedPool(origins),
  ) {
    super();
    this.#createPool = createPool;
    this.#upstreams = [...new Set(upstreams)];
    this.#pool = this.#open(this.#upstreams);
  }

  /** The replicas new requests go to. */
  get upstreams(): string[] {
    return [...this.#upstreams];
  }

  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Sends every request from now on to `upstreams` (no change when they are the ones already). Requests
   * in flight finish on the pool they started on, which is then closed.
   */
  setUpstreams(upstreams: string[]): void {
    const next = [...new Set(upstreams)];
    if (this.#closed || sameSet(next, this.#upstreams)) return;
    const previous = this.#pool;
    this.#pool = this.#open(next);
    this.#upstreams = next;
    this.#retiring.set(
      previous,
      previous
        .close()
        // Only a destroyed pool refuses to close, and it has nothing left in flight.
        .catch(() => undefined)
        .finally(() => this.#retiring.delete(previous)),
    );
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    return this.#pool.dispatch(options, handler);
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    this.#closed = true;
    const closed = Promise.all([this.#pool.close(), ...this.#retiring.values()]).then(() => undefined);
    if (!callback) return closed;
    void closed.then(callback, callback);
  }

  override destroy(err: Error | null, callback: () => void): void;
  override destroy(callback: () => void): void;
  override destroy(err: Error | null): Promise<void>;
  override destroy(): Promise<void>;
  override destroy(errOrCallback?: Error | null | (() => void), callback?: () => void): Promise<void> | void {
    const err = typeof errOrCallback === 'function' ? null : (errOrCallback ?? null);
    const done = typeof errOrCallback === 'function' ? errOrCallback : callback;
    this.#closed = true;
    // The pools of earlier sets are closing already; destroying them aborts what they still have.
    const destroyed = Promise.all(
      [this.#pool, ...this.#retiring.keys()].map((pool) => pool.destroy(err).catch(() => undefined)),
    ).then(() => undefined);
    if (!done) return destroyed;
    void destroyed.then(done, done);
  }

  #open(upstreams: string[]): BalancedPool {
    const pool = this.#createPool(upstreams);
    const from: EventEmitter = pool;
    for (const event of FORWARDED_EVENTS) {
      from.on(event, (origin: URL, targets: Dispatcher[], ...rest: unknown[]) =>
        (this as EventEmitter).emit(event, origin, [this, ...targets], ...rest),
      );
    }
    return pool;
  }
}
