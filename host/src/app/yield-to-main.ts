/**
 * Ends the current task, so the browser can paint or handle input before the next part runs.
 * `scheduler.yield()` continues ahead of other queued tasks where the browser has it (Chromium);
 * elsewhere a zero timeout does.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}
