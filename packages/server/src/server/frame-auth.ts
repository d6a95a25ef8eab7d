// Who may ask a remote's server for a student's own frame (`POST /frames`, ./frame-route.ts): the host
// server alone. Both read one secret from the environment (`FRAME_SECRET`); the host sends it as a
// bearer token and the remote compares it in constant time. A render's cost is bounded on both sides
// by the figures below. Node only (node:crypto); the host imports it without the remote's renderer.
import { createHash, timingSafeEqual } from 'node:crypto';

/** The variable both the host and the remote read the shared secret from. */
export const FRAME_SECRET_VARIABLE = 'FRAME_SECRET';
/** A shorter secret is refused at start-up: 32 characters of base64url are 192 bits. */
export const FRAME_SECRET_MIN_LENGTH = 32;
/**
 * The most list items (a student's policies) one frame renders: a policy card costs about half a
 * millisecond of CPU, so a frame stays within some 25 ms. A student with more gets the build's frame.
 */
export const FRAME_ITEM_LIMIT = 50;
/** How long a frame may take by default (see {@link FRAME_TIME_BUDGET_MS}). */
export const DEFAULT_FRAME_TIME_BUDGET_MS = 400;

/**
 * The frame's time budget from `FRAME_TIME_BUDGET_MS` (whole ms, 50–10000), else the default. A
 * machine that runs many stacks at once (the journeys) gives frames longer: they prove what a frame
 * holds, and the bench measures it within the default.
 */
export function frameTimeBudget(env: NodeJS.ProcessEnv): number {
  const raw = env.FRAME_TIME_BUDGET_MS?.trim() ?? '';
  const value = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
  return value >= 50 && value <= 10_000 ? value : DEFAULT_FRAME_TIME_BUDGET_MS;
}

/**
 * How long a frame may take, from the host's first read to the remote's answer. The host waits no
 * longer and keeps the build's frame; the remote drops a render that is still queued past it, as
 * nobody waits for it any more.
 */
export const FRAME_TIME_BUDGET_MS = frameTimeBudget(process.env);

/**
 * The shared secret from the environment, or undefined when frames are off (unset or empty).
 * @throws Error naming the variable when the secret is too short to be one.
 */
export function readFrameSecret(env: NodeJS.ProcessEnv): string | undefined {
  const secret = env[FRAME_SECRET_VARIABLE]?.trim();
  if (!secret) return undefined;
  if (secret.length < FRAME_SECRET_MIN_LENGTH)
    throw new Error(
      `${FRAME_SECRET_VARIABLE} must be at least ${FRAME_SECRET_MIN_LENGTH} characters long (e.g. openssl rand -base64 32).`,
    );
  return secret;
}

/** The Authorization header the host sends with a frame request. */
export const frameAuthorization = (secret: string): string => `Bearer ${secret}`;

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether an Authorization header carries the secret. Both sides are hashed first, so the comparison
 * takes the same time whatever the header's length and wherever it differs.
 */
export function isFrameCaller(authorization: string | undefined, secret: string): boolean {
  return timingSafeEqual(digest(authorization ?? ''), digest(frameAuthorization(secret)));
}

/** How many list items the answers hold (each answer that is a list counts its length). */
export function frameItemCount(answers: Record<string, unknown>): number {
  return Object.values(answers).reduce<number>(
    (count, answer) => count + (Array.isArray(answer) ? answer.length : 0),
    0,
  );
}
