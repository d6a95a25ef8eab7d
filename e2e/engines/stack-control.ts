// The engines stage (scripts/lib/engines.mjs) runs the portal and lets the journeys take it off the
// network and bring it back: WebDriver has no "offline" switch, and a portal nobody can reach is what
// a student without a network sees. Without ENGINES_STACK_CONTROL (a portal started by hand) the
// offline journey says why it skips.
const CONTROL = process.env.ENGINES_STACK_CONTROL;

export const canTakeStackDown = (): boolean => Boolean(CONTROL);

async function call(action: 'down' | 'up'): Promise<void> {
  if (!CONTROL) throw new Error('ENGINES_STACK_CONTROL is not set: the portal cannot be taken down');
  const response = await fetch(`${CONTROL}/stack/${action}`, {
    method: 'POST',
    signal: AbortSignal.timeout(240_000),
  });
  if (!response.ok) throw new Error(`stack ${action}: ${response.status} ${await response.text()}`);
}

/** Every server of the portal stops: its pages, code and api answer nothing. */
export const takeStackDown = (): Promise<void> => call('down');

/** Every server starts again; resolves when all are healthy. */
export const bringStackUp = (): Promise<void> => call('up');
