import { useId, useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { useLocale } from '@portal/shared';
import { formatDate } from '@portal/contract/domain';
import type { Profile } from '@portal/contract/wire';

import { countryName } from './country-names';
import type { CountryOption } from './country-names';
import { PersonalDetailsForm } from './personal-details-form';
import { PROFILE_NAMESPACE } from '../../../lib/profile-texts';

export type PersonalDetailsProps = {
  profile: Profile;
  countries: readonly CountryOption[];
};

/** The read-only details of a student whose institution manages them (docs/requirements.md §6). */
function ManagedDetails({ profile, countries }: PersonalDetailsProps) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const { locale } = useLocale();
  const rows: [string, string][] = [
    [t('profile.details.gender'), t(`profile.gender.${profile.gender}`)],
    [t('profile.details.firstName'), profile.firstName],
    [t('profile.details.surname'), profile.surname],
    // Shown, not typed: the display format of every date.
    [t('profile.details.birthDate'), formatDate(profile.birthDate, locale)],
    [t('profile.details.countryOfOrigin'), countryName(countries, profile.countryOfOrigin)],
    [t('profile.details.nationality'), countryName(countries, profile.nationality)],
    [t('profile.details.email'), profile.username],
  ];
  return (
    <>
      <p className="notice">{t('profile.details.instituteManaged')}</p>
      <dl className="details-list">
        {rows.map(([term, value]) => (
          <div key={term} className="details-list__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/**
 * The Personal details section: a form, or the details read-only with the institution's notice
 * when the institution manages them (`editable: "false"`, or a 403 `INSTITUTE_MANAGED` on saving).
 */
export function PersonalDetails({ profile: loaded, countries }: PersonalDetailsProps) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const titleId = useId();
  const [profile, setProfile] = useState(loaded);
  const [managed, setManaged] = useState(loaded.editable !== 'true');

  return (
    <section className="profile-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('profile.details.title')}</h2>
      {managed ? (
        <ManagedDetails profile={profile} countries={countries} />
      ) : (
        <PersonalDetailsForm
          profile={profile}
          countries={countries}
          onSaved={setProfile}
          onInstituteManaged={() => setManaged(true)}
          titleId={titleId}
        />
      )}
    </section>
  );
}
