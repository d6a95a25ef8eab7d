// `pnpm --filter api claims:set-status CLAIM STATUS [--note TEXT]`: the claims handler's command. It
// calls the api's operations route (POST /api/ops/claims/{claimNumber}/status) with OPS_TOKEN, on
// API_ORIGIN (default: this machine's API_PORT, 8090), and prints the status reached or the api's
// error, exiting non-zero on any error.
import { parseArgs } from 'node:util';

const USAGE = 'Usage: pnpm --filter api claims:set-status CLAIM STATUS [--note TEXT]';

interface Outcome {
  ok: boolean;
  message: string;
}

/** Calls the route and describes the answer in one line. */
export async function setClaimStatus(
  args: string[],
  env: NodeJS.ProcessEnv,
  fetchFn: typeof fetch = fetch,
): Promise<Outcome> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { note: { type: 'string' } } });
  } catch (error) {
    return { ok: false, message: `${(error as Error).message}\n${USAGE}` };
  }
  const [claimNumber, status, ...rest] = parsed.positionals;
  if (!claimNumber || !status || rest.length > 0) return { ok: false, message: USAGE };
  const token = env.OPS_TOKEN?.trim();
  if (!token)
    return { ok: false, message: 'OPS_TOKEN is not set: the api answers the claims handler only with it.' };
  const origin = (env.API_ORIGIN?.trim() || `http://127.0.0.1:${env.API_PORT ?? 8090}`).replace(/\/+$/, '');
  const url = `${origin}/api/ops/claims/${encodeURIComponent(claimNumber)}/status`;
  let response: Response;
  try {
    response = await fetchFn(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        status,
        ...(parsed.values.note === undefined ? {} : { note: parsed.values.note }),
      }),
    });
  } catch (error) {
    return { ok: false, message: `The api at ${origin} cannot be reached: ${(error as Error).message}` };
  }
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not the api's JSON: shown as it is below.
  }
  if (response.ok) return { ok: true, message: `${claimNumber} is now ${String(body.status ?? status)}.` };
  const fields = Array.isArray(body.fields)
    ? ` (${(body.fields as { field: string; code: string }[]).map((f) => `${f.field}: ${f.code}`).join(', ')})`
    : '';
  return {
    ok: false,
    message: `${response.status} ${String(body.code ?? '')}: ${String(body.message ?? text)}${fields}`.trim(),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outcome = await setClaimStatus(process.argv.slice(2), process.env);
  (outcome.ok ? process.stdout : process.stderr).write(`${outcome.message}\n`);
  process.exitCode = outcome.ok ? 0 : 1;
}
