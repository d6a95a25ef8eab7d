import * as v from 'valibot';

/** A field that failed validation; `params` carries values for the message (e.g. `{max}`). */
export interface FieldIssue {
  field: string;
  code: string;
  params?: Record<string, number | string>;
}

// Valibot's own messages (a missing key, a wrong type of object) become the two generic codes.
function codeOf(issue: v.BaseIssue<unknown>): string {
  if (issue.message.startsWith('validation.')) return issue.message;
  return issue.input === undefined ? 'validation.required' : 'validation.type';
}

/** Turns valibot issues into `{field, code, params?}`, one per field (the first issue wins). */
export function toFieldIssues(issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] {
  const seen = new Set<string>();
  const result: FieldIssue[] = [];
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '';
    if (seen.has(field)) continue;
    seen.add(field);
    const item: FieldIssue = { field, code: codeOf(issue) };
    if (
      (issue.type === 'max_length' || issue.type === 'min_length') &&
      typeof issue.requirement === 'number'
    ) {
      item.params = { [issue.type === 'max_length' ? 'max' : 'min']: issue.requirement };
    }
    result.push(item);
  }
  return result;
}
