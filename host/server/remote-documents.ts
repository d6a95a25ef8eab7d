// What the host server reads of other parties' documents — a remote's mf-manifest.json,
// page-assets.json, prerender.json and `GET /frames`, the api's session check, the content system's
// page tree and the build's prerendered shell — checked against the shape it uses on the way in. A
// document that does not have that shape is left out, as one that could not be fetched in time is: the
// browser then fetches and checks it itself. Only what the host uses is checked; a remote's build may
// add fields (loose objects).
import * as v from 'valibot';

const optionalString = v.optional(v.string());
const files = v.optional(v.array(v.string()));

const ManifestSchema = v.looseObject({
  metaData: v.optional(
    v.looseObject({
      remoteEntry: v.optional(v.looseObject({ name: optionalString, path: optionalString })),
      publicPath: optionalString,
      buildInfo: v.optional(v.looseObject({ buildVersion: v.optional(v.unknown()) })),
    }),
  ),
  exposes: v.optional(
    v.array(
      v.looseObject({
        name: optionalString,
        path: optionalString,
        assets: v.optional(v.looseObject({ js: v.optional(v.looseObject({ sync: files })) })),
      }),
    ),
  ),
});

/** What the server reads of a remote's mf-manifest.json: its entry, its `./pages` scripts, its release. */
export type Manifest = v.InferOutput<typeof ManifestSchema>;

const PageAssetsSchema = v.record(
  v.string(),
  v.optional(v.looseObject({ js: files, css: files, shared: files })),
);

/**
 * What the server reads of a remote's page-assets.json: each lazy page chunk's scripts and styles,
 * and the shared modules it consumes (a remote built before it was published has none).
 */
export type PageAssets = v.InferOutput<typeof PageAssetsSchema>;

const PrerenderedPagesSchema = v.record(v.string(), v.optional(v.record(v.string(), v.string())));

/** What the server reads of a remote's prerender.json: a route's first frame by route name and frame key. */
export type PrerenderedPages = v.InferOutput<typeof PrerenderedPagesSchema>;

const FrameRoutesSchema = v.looseObject({
  routes: v.array(v.string()),
  // A remote one release older names no content.
  content: v.optional(v.record(v.string(), v.record(v.string(), v.pipe(v.string(), v.maxLength(4000))))),
});

const SessionSchema = v.looseObject({ profileId: v.pipe(v.string(), v.nonEmpty()) });

const PageTreeAnswerSchema = v.looseObject({
  data: v.looseObject({ item: v.looseObject({ pages: v.array(v.unknown()) }) }),
});

const ShellSchema = v.record(
  v.string(),
  v.object({ guest: v.record(v.string(), v.string()), member: v.record(v.string(), v.string()) }),
);

const checked =
  <Schema extends v.GenericSchema>(schema: Schema) =>
  (document: unknown): v.InferOutput<Schema> | undefined => {
    const result = v.safeParse(schema, document);
    return result.success ? result.output : undefined;
  };

/** A remote's manifest, or undefined when it is not one. */
export const readManifest = checked(ManifestSchema);

/** A remote's page-assets.json, or undefined. */
export const readPageAssets = checked(PageAssetsSchema);

/** A remote's prerender.json, or undefined. */
export const readPrerenderedPages = checked(PrerenderedPagesSchema);

/**
 * What a remote renders frames for (`GET /frames`): the routes, and the content queries of each
 * content page among them by operation name; none when it answers something else (an older release,
 * a remote that serves none).
 */
export type FrameRoutes = { routes: string[]; content: Record<string, Record<string, string>> };

/** {@link FrameRoutes} of a remote's `GET /frames` answer. */
export function readFrameRoutes(document: unknown): FrameRoutes {
  const answer = checked(FrameRoutesSchema)(document);
  return { routes: answer?.routes ?? [], content: answer?.content ?? {} };
}

/** The profile id of the api's session check, or undefined when it names none. */
export function readSessionProfile(document: unknown): string | undefined {
  return checked(SessionSchema)(document)?.profileId;
}

/** The pages of the content system's page-tree answer; throws when the answer has none. */
export function readPageTree(document: unknown, root: string): unknown[] {
  const answer = checked(PageTreeAnswerSchema)(document);
  if (!answer) throw new Error(`No page tree at ${root}.`);
  return answer.data.item.pages;
}

/** A remote's release as its manifest names it (`buildVersion`), or undefined. */
export function readReleaseOf(manifest: unknown): string | undefined {
  const version = readManifest(manifest)?.metaData?.buildInfo?.buildVersion;
  return typeof version === 'string' ? version : undefined;
}

/** The build's prerendered shell (prerendered-shell.json), or undefined when it is not one. */
export function readPrerenderedShell(json: string): v.InferOutput<typeof ShellSchema> | undefined {
  try {
    return checked(ShellSchema)(JSON.parse(json));
  } catch {
    return undefined;
  }
}

const AssetListSchema = v.looseObject({ js: v.array(v.string()), shared: v.optional(v.array(v.string())) });

/** One of the build's asset lists: its scripts as the page asks for them, and the shared modules they provide. */
export type AssetScripts = { scripts: string[]; shared: string[] };

/**
 * The scripts of one of the build's asset lists (`content-assets.json`) as the page asks for them
 * (`publicPath` before each), and the shared modules they are; none when the file is not such a list.
 */
export function readAssetScripts(json: string, publicPath: string): AssetScripts {
  try {
    const list = checked(AssetListSchema)(JSON.parse(json));
    return {
      scripts: (list?.js ?? []).map((file) => `${publicPath}${file}`),
      shared: list?.shared ?? [],
    };
  } catch {
    return { scripts: [], shared: [] };
  }
}
