import { useDeferredValue, useId, useMemo } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { ProfileGate, useLocale } from '@portal/shared';
import type { PageProps } from '@portal/shared';
import { ResourceView } from '@portal/ui';
import { useCountries } from '@portal/shared/get-json';
import type { Country, Profile } from '@portal/contract/wire';

import { useProfile } from '../api/get-profile';
import { PasskeysSection } from '../../passkeys';
import { SessionsSection } from '../../sessions';
import { DataExportSection } from '../../data-export';
import { ClaimMailsSetting } from './claim-mails-setting';
import { countryOptions } from './country-names';
import { EmailChangeForm } from './email-change-form';
import { PasswordChangeForm } from './password-change-form';
import { PersonalDetails } from './personal-details';
import { PolicySettings } from './policy-settings';
import './profile-page.css';
import { PROFILE_NAMESPACE } from '../../../lib/profile-texts';

function Sections({ profile, countries }: { profile: Profile; countries: readonly Country[] }) {
  const { locale } = useLocale();
  const options = useMemo(() => countryOptions(countries, locale), [countries, locale]);
  // The sections below the first screen render in a second, interruptible pass: on a slow phone the
  // page's first render (details, e-mail, password) takes half as long, and is usable sooner. Their
  // reads are under way from the navigation already (the route declares them).
  const rest = useDeferredValue(true, false);
  return (
    <>
      <PersonalDetails profile={profile} countries={options} />
      <EmailChangeForm username={profile.username} />
      <PasswordChangeForm username={profile.username} />
      {rest ? (
        <>
          <PasskeysSection />
          <SessionsSection />
          <ClaimMailsSetting profileId={profile.profileId} />
          <DataExportSection />
          <PolicySettings profileId={profile.profileId} />
        </>
      ) : null}
    </>
  );
}

function ProfileSections({ profileId }: { profileId: string }) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const profile = useProfile(profileId);
  const countries = useCountries();
  return (
    <ResourceView resource={profile} errorText={t('profile.loadFailed')}>
      {(loaded) => (
        <ResourceView resource={countries} errorText={t('profile.countriesFailed')}>
          {(list) => <Sections profile={loaded} countries={list} />}
        </ResourceView>
      )}
    </ResourceView>
  );
}

/**
 * The Profile page (`/profile`): personal details, e-mail, password, passkeys, where she is logged in,
 * "Download my data" and the policies' settings.
 */
export function ProfilePage(_props: PageProps) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const headingId = useId();
  return (
    <section className="account-page profile-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('profile.title')}</h1>
      <ProfileGate loginText={t('profile.toLogin')}>
        {(profileId) => <ProfileSections profileId={profileId} />}
      </ProfileGate>
    </section>
  );
}

// The page's texts are a namespace of their own, loaded with its code (see `./pages`).
export { withProfileTexts } from '../../../lib/profile-texts';
