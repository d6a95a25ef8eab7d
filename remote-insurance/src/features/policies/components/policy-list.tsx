import type { PolicyEntry } from '../api/get-policies';
import { PolicyCard } from './policy-card';
import { PolicyErrorCard } from './policy-error-card';

export type PolicyListProps = { entries: PolicyEntry[] };

/** The policies in the order of the backend; one that cannot be read shows as an error card. */
export function PolicyList({ entries }: PolicyListProps) {
  return (
    <ul className="policy-list">
      {entries.map((entry) =>
        entry.ok ? (
          <li key={entry.policy.id}>
            <PolicyCard policy={entry.policy} />
          </li>
        ) : (
          <li key={entry.key}>
            <PolicyErrorCard number={entry.number} problem={entry.problem} />
          </li>
        ),
      )}
    </ul>
  );
}
