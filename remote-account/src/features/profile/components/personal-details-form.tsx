import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { useAuthStore } from '@portal/shared';
import { Button, DateField, RadioGroup, TextField, useValibotForm } from '@portal/ui';
import { GENDERS } from '@portal/contract/validation';
import type { Profile } from '@portal/contract/wire';

import { describeFailure, genericFailure } from '../../../lib/describe-failure';
import {
  isUnchanged,
  personalDetailsFormSchema,
  toProfileUpdate,
  updateProfile,
} from '../api/update-profile';
import type { PersonalDetailsInput } from '../api/update-profile';
import { CountryField, CountryList } from './country-field';
import type { CountryOption } from './country-names';
import { FormResult, IDLE } from '../../../lib/form-result';
import type { FormOutcome } from '../../../lib/form-result';
import { wireToFormDate } from '../lib/profile-dates';
import { PROFILE_NAMESPACE } from '../../../lib/profile-texts';

export type PersonalDetailsFormProps = {
  profile: Profile;
  countries: readonly CountryOption[];
  /** Called with the profile the backend saved. */
  onSaved: (profile: Profile) => void;
  /** Called when the backend says the institution manages the details after all (403). */
  onInstituteManaged: () => void;
  /** The id of the section's heading, which names the form. */
  titleId: string;
};

function formValues(profile: Profile): PersonalDetailsInput {
  return {
    gender: profile.gender,
    firstName: profile.firstName,
    surname: profile.surname,
    birthDate: wireToFormDate(profile.birthDate),
    countryOfOrigin: profile.countryOfOrigin,
    nationality: profile.nationality,
  };
}

/** Gender, names, birth date and the two countries; the e-mail is shown, changed by its own form. */
export function PersonalDetailsForm({
  profile,
  countries,
  onSaved,
  onInstituteManaged,
  titleId,
}: PersonalDetailsFormProps) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const [initial] = useState(() => formValues(profile));
  const form = useValibotForm(personalDetailsFormSchema, initial);
  const [outcome, setOutcome] = useState<FormOutcome>(IDLE);
  const listId = useId();
  const emailId = useId();
  // The countries' suggestion list (some 250 options) comes in a second, interruptible pass: the form
  // is usable without it (a country can be typed), and on a slow phone the page is sooner.
  const suggestions = useDeferredValue(true, false);

  const onSubmit = form.handleSubmit(async (output) => {
    setOutcome(IDLE);
    const update = toProfileUpdate(output);
    if (isUnchanged(update, profile)) {
      setOutcome({ kind: 'failure', key: 'errors.noChanges' });
      return;
    }
    try {
      const saved = await updateProfile(profile.profileId, update);
      onSaved(saved);
      form.reset(formValues(saved));
      setOutcome({ kind: 'success', key: 'profile.details.saved' });
      // The header greets the student by first name: let it read the saved one.
      if (saved.firstName !== profile.firstName) void useAuthStore.getState().checkSession();
    } catch (error) {
      const failure = await describeFailure(error);
      if (failure.status === 403 && failure.code === 'INSTITUTE_MANAGED') {
        onInstituteManaged();
      } else if (failure.status === 400 && failure.fields.length > 0) {
        form.setServerErrors(failure.fields);
      } else {
        setOutcome({ kind: 'failure', ...genericFailure(failure) });
      }
    }
  });

  const genders = GENDERS.map((value) => ({ value, label: t(`profile.gender.${value}`) }));
  const country = (name: 'countryOfOrigin' | 'nationality', label: string) => {
    const { value: _value, onChange: _onChange, ...bound } = form.field(name);
    return (
      <CountryField
        {...bound}
        label={label}
        value={form.values[name]}
        onValueChange={(code) => form.setValue(name, code)}
        listId={listId}
        options={countries}
      />
    );
  };

  return (
    <>
      <form
        className="form"
        noValidate
        onSubmit={onSubmit}
        aria-busy={form.isSubmitting}
        aria-labelledby={titleId}
      >
        <RadioGroup {...form.field('gender')} legend={t('profile.details.gender')} options={genders} inline />
        <TextField
          {...form.field('firstName')}
          label={t('profile.details.firstName')}
          autoComplete="given-name"
          required
        />
        <TextField
          {...form.field('surname')}
          label={t('profile.details.surname')}
          autoComplete="family-name"
          required
        />
        <DateField {...form.field('birthDate')} label={t('profile.details.birthDate')} required />
        {country('countryOfOrigin', t('profile.details.countryOfOrigin'))}
        {country('nationality', t('profile.details.nationality'))}
        {suggestions ? <CountryList id={listId} options={countries} /> : null}
        <TextField id={emailId} label={t('profile.details.email')} value={profile.username} readOnly />
        <Button type="submit" busy={form.isSubmitting}>
          {t('profile.details.submit')}
        </Button>
      </form>
      <FormResult outcome={outcome} />
    </>
  );
}
