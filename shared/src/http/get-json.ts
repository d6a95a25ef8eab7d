// Reads of the api checked against the wire contract: one fetch-and-check, one error for an answer
// that does not match. Also `@portal/shared/get-json`, which each remote bundles (docs/design.md):
// the client is the singleton's `http`, which every release of the host has.
import * as v from 'valibot';
import { http } from '@portal/shared';

/**
 * An answer of the api that does not match the wire contract: the page shows its load error (as for
 * any failed read) and nothing of the answer. The message names the call and what did not match.
 */
export class MalformedResponseError extends Error {
  /** The api path of the call, as it was asked for. */
  readonly path: string;

  constructor(path: string, detail: string) {
    super(`The response of ${path} does not match the contract: ${detail}`);
    this.name = 'MalformedResponseError';
    this.path = path;
  }
}

/**
 * `body` checked against `schema`; throws {@link MalformedResponseError} naming `path` when it does
 * not match. For an answer read some other way than {@link getJson}: a POST, a 204 or one that came
 * with the page.
 */
export function parseJson<const TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  body: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, body);
  if (!result.success) throw new MalformedResponseError(path, v.summarize(result.issues));
  return result.output;
}

/**
 * `GET path` with the portal's `http` client, its JSON body checked against `schema`. A failed call
 * rejects as `http` does (ky's `HTTPError`); an answer that does not match rejects with
 * {@link MalformedResponseError}.
 */
export async function getJson<const TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  options: { signal?: AbortSignal } = {},
): Promise<v.InferOutput<TSchema>> {
  const body: unknown = await http.get(path, { signal: options.signal }).json();
  return parseJson(path, schema, body);
}
