import { fileURLToPath } from 'node:url';

// Resolved from this module's own location, so the api finds its files whatever the working directory
// (the api folder, the workspace root, a container's WORKDIR).
const packageDir = (relative: string): string => fileURLToPath(new URL(`../${relative}`, import.meta.url));

/** Folders and files the api reads at run time, located relative to the api package. */
export const apiPaths = {
  migrations: packageDir('migrations/'),
  openapi: packageDir('openapi/openapi.yaml'),
  content: packageDir('content/'),
  /** The fonts embedded in generated PDFs (DejaVu Sans, see fonts/LICENSE). */
  fonts: packageDir('fonts/'),
  /** Default PGlite data folder (API_DATA_DIR overrides it). */
  data: packageDir('.data'),
} as const;
