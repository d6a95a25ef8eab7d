// Reads the journeys' JSON report (Playwright's `json` reporter, e2e/test-results/journeys.json)
// so that `npm test`'s summary names each journey that failed, with the first lines of its error, and
// each one that passed only when run again. A CI log is often read from its end only: the reasons must
// be there, not only several thousand lines up.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { repoRoot } from './paths.mjs';

export const JOURNEY_REPORT = join(repoRoot, 'e2e', 'test-results', 'journeys.json');

/** Lines of an error kept in the summary: enough for the assertion and the expected and received values. */
const ERROR_LINES = 8;

function firstLines(message = '') {
  // Playwright colours its error messages even into the JSON report.
  return stripVTControlCharacters(message).trim().split('\n').slice(0, ERROR_LINES).join('\n');
}

function* specsOf(suite) {
  yield* suite.specs ?? [];
  for (const child of suite.suites ?? []) yield* specsOf(child);
}

/**
 * The failed and the flaky journeys of a report object: `{ failed, flaky }`, each a list of
 * `{ title, error }`, the title as "file:line › describe › test".
 */
export function summariseReport(report) {
  const failed = [];
  const flaky = [];
  for (const suite of report.suites ?? []) {
    for (const spec of specsOf(suite)) {
      for (const test of spec.tests ?? []) {
        const title = `${spec.file}:${spec.line} › ${spec.title}`;
        const errors = (test.results ?? []).flatMap((result) => result.errors ?? []);
        const error = firstLines(errors[0]?.message);
        if (test.status === 'unexpected') failed.push({ title, error });
        else if (test.status === 'flaky') flaky.push({ title, error });
      }
    }
  }
  return { failed, flaky };
}

/** The summary of the report file, or null when there is none (the run stopped before its end). */
export function readJourneyReport(file = JOURNEY_REPORT) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  return summariseReport(JSON.parse(text));
}

/** Journeys and their errors as indented lines, for the summary. */
export function describeJourneys(journeys) {
  return journeys
    .map(({ title, error }) => `    ${title}${error ? `\n${error.replace(/^/gm, '      ')}` : ''}`)
    .join('\n');
}
