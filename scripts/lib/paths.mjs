// Locations every root script agrees on.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the folder holding the root package.json). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
