import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeJourneys, summariseReport } from './journey-report.mjs';

const result = (status, message) => ({ status, errors: message ? [{ message }] : [] });

/** The shape of Playwright's JSON report: suites of files, nested describes, specs, tests, results. */
const report = {
  suites: [
    {
      title: 'policy-rules.spec.ts',
      specs: [],
      suites: [
        {
          title: 'one set of policy rules',
          specs: [
            {
              title: 'the card and Profile agree',
              file: 'policy-rules.spec.ts',
              line: 42,
              tests: [
                {
                  status: 'unexpected',
                  results: [
                    result(
                      'failed',
                      '\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: x',
                    ),
                    result('failed', 'Error: again'),
                  ],
                },
              ],
            },
            {
              title: 'the api allows',
              file: 'policy-rules.spec.ts',
              line: 93,
              tests: [
                {
                  status: 'flaky',
                  results: [result('failed', 'Test timeout of 45000ms exceeded.'), result('passed')],
                },
              ],
            },
            {
              title: 'fine',
              file: 'policy-rules.spec.ts',
              line: 116,
              tests: [{ status: 'expected', results: [result('passed')] }],
            },
          ],
        },
      ],
    },
  ],
};

test('names the failed and the flaky journeys with the first error, without colour codes', () => {
  const { failed, flaky } = summariseReport(report);
  assert.deepEqual(failed, [
    {
      title: 'policy-rules.spec.ts:42 › the card and Profile agree',
      error: 'Error: expect(locator).toBeVisible() failed\n\nLocator: x',
    },
  ]);
  assert.deepEqual(flaky, [
    { title: 'policy-rules.spec.ts:93 › the api allows', error: 'Test timeout of 45000ms exceeded.' },
  ]);
});

test('indents the errors under their journey', () => {
  assert.equal(
    describeJourneys([{ title: 'a.spec.ts:1 › a', error: 'Error: x\nmore' }]),
    '    a.spec.ts:1 › a\n      Error: x\n      more',
  );
});

test('keeps only the first lines of a long error', () => {
  const long = Array.from({ length: 30 }, (_, index) => `line ${index}`).join('\n');
  const { failed } = summariseReport({
    suites: [
      {
        specs: [
          {
            title: 't',
            file: 'f.ts',
            line: 1,
            tests: [{ status: 'unexpected', results: [result('failed', long)] }],
          },
        ],
      },
    ],
  });
  assert.equal(failed[0].error.split('\n').length, 8);
});
