// The last content page tree the host server had, kept on disk. Without it a host that restarts while
// the content system is down would know no content page at all, and students would lose the pages
// the tree places (My Insurance, Invoices, Profile, Claims) until the content system is back.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The shape of a kept tree; a file of another version is not read. */
const FORMAT_VERSION = 1;
/** A kept tree larger than this is not read (a tree of a few hundred pages is far below it). */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

type KeptTree = {
  version: number;
  contentOrigin: string;
  root: string;
  lang: string;
  savedAt: string;
  pages: unknown;
};

/** Where one content system's tree for one root and language is kept. */
export type PageTreeKey = { contentOrigin: string; root: string; lang: string };

/** Reads and writes the kept page trees; neither ever throws. */
export type PageTreeCache = {
  /** The tree last kept for `key`, or undefined when there is none (or it cannot be read). */
  read(key: PageTreeKey): Promise<unknown[] | undefined>;
  /** Keeps `pages` for `key`, replacing the file at once (write aside, then rename). */
  write(key: PageTreeKey, pages: readonly unknown[]): Promise<void>;
};

/** The file of a key: one per content origin, root and language, so two content systems never mix. */
export function pageTreeFile(directory: string, { contentOrigin, root, lang }: PageTreeKey): string {
  const id = createHash('sha256').update(`${contentOrigin}\n${root}\n${lang}`).digest('hex').slice(0, 24);
  return path.join(directory, `page-tree-${id}.json`);
}

/**
 * The page trees kept in `directory` (created when first written). `log` hears of a file that could
 * not be written or read; the host goes on without it either way.
 */
export function createPageTreeCache(
  directory: string,
  log: (message: string, error?: unknown) => void = () => undefined,
): PageTreeCache {
  // What was written last per file: a tree that did not change is not written again every refresh.
  const written = new Map<string, string>();

  return {
    async read(key) {
      const file = pageTreeFile(directory, key);
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        // Nothing kept yet is no problem to report.
        if (!['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? ''))
          log(`The kept page tree ${file} cannot be read`, error);
        return undefined;
      }
      if (text.length > MAX_FILE_BYTES) return undefined;
      try {
        const kept = JSON.parse(text) as Partial<KeptTree> | null;
        if (
          kept?.version !== FORMAT_VERSION ||
          kept.contentOrigin !== key.contentOrigin ||
          kept.root !== key.root ||
          kept.lang !== key.lang ||
          !Array.isArray(kept.pages)
        )
          return undefined;
        written.set(file, JSON.stringify(kept.pages));
        return kept.pages as unknown[];
      } catch (error) {
        log(`The kept page tree ${file} is not valid JSON`, error);
        return undefined;
      }
    },

    async write(key, pages) {
      const file = pageTreeFile(directory, key);
      const json = JSON.stringify(pages);
      if (written.get(file) === json) return;
      const kept: KeptTree = { version: FORMAT_VERSION, ...key, savedAt: new Date().toISOString(), pages };
      // Written beside the file and renamed over it: a crash or a second host writing at the same
      // moment never leaves a half-written tree for the next start to read.
      const aside = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await mkdir(directory, { recursive: true });
        await writeFile(aside, JSON.stringify(kept), { mode: 0o600 });
        await rename(aside, file);
        written.set(file, json);
      } catch (error) {
        log(`The page tree cannot be kept in ${directory}`, error);
        await rm(aside, { force: true }).catch(() => undefined);
      }
    },
  };
}
