import { useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared';
import { ResourceView } from '@portal/ui';

import { usePolicySettings } from '../api/get-policies';
import type { PolicySettingsPolicy } from '../api/get-policies';
import { settingBlock } from '../lib/policy-settings-rules';
import type { PolicySetting } from '../lib/policy-settings-rules';
import { PROFILE_NAMESPACE } from '../../../lib/profile-texts';

const SETTINGS: { setting: PolicySetting; path: (policyId: string) => string }[] = [
  { setting: 'address', path: paths.policyAddress },
  { setting: 'startDate', path: paths.policyStartDate },
  { setting: 'payment', path: paths.paymentSettings },
];

/**
 * One setting of one policy: a link to the page that changes it, or, when it cannot change now, the
 * same words as plain text with the reason. Not a disabled link: a link that cannot be followed
 * is still announced and styled as one (WCAG 1.4.1, 4.1.2).
 */
function SettingLink({
  policy,
  setting,
  path,
}: {
  policy: PolicySettingsPolicy;
  setting: PolicySetting;
  path: string;
}) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const block = settingBlock(policy, setting);
  const text = t(`profile.policies.links.${setting}`);
  if (!block) {
    return (
      <li>
        <Link to={path}>{text}</Link>
      </li>
    );
  }
  // Shown, not hidden: the student sees the setting exists and why it cannot change now.
  return (
    <li className="policy-settings__unavailable">
      <span className="policy-settings__setting">{text}</span>{' '}
      <span className="field__hint">{t(`profile.policies.reasons.${block}`)}</span>
    </li>
  );
}

function PolicyItem({ policy }: { policy: PolicySettingsPolicy }) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const number = policy.policyNumber || policy.applicationNumber || '';
  return (
    <li className="policy-settings__policy">
      <h3>
        {t('profile.policies.policy', {
          type: t(`insuranceType.${policy.insuranceType.toLowerCase()}`),
          number,
        })}
      </h3>
      <ul className="policy-settings__links">
        {SETTINGS.map(({ setting, path }) => (
          <SettingLink key={setting} policy={policy} setting={setting} path={path(policy.policyId)} />
        ))}
      </ul>
    </li>
  );
}

/** The student's policies with a link per setting that the Profile page offers (docs/requirements.md §2 Profile). */
export function PolicySettings({ profileId }: { profileId: string }) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const titleId = useId();
  const resource = usePolicySettings(profileId);
  return (
    <section className="profile-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('profile.policies.title')}</h2>
      <ResourceView resource={resource} errorText={t('profile.policies.loadFailed')}>
        {(policies) =>
          policies.length === 0 ? (
            <p>{t('profile.policies.none')}</p>
          ) : (
            <ul className="policy-settings">
              {policies.map((policy) => (
                <PolicyItem key={policy.policyId} policy={policy} />
              ))}
            </ul>
          )
        }
      </ResourceView>
    </section>
  );
}
