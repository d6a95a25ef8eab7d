import type { Policy } from '@portal/shared/domain';

import { PolicyCard } from './policy-card';

export type PolicyListProps = { policies: Policy[] };

export function PolicyList({ policies }: PolicyListProps) {
  return (
    <ul className="policy-list">
      {policies.map((policy) => (
        <li key={policy.id}>
          <PolicyCard policy={policy} />
        </li>
      ))}
    </ul>
  );
}
