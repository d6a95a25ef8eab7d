import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@portal/shared/router';
import { downloadDocument, errorStatus, paths, readApiError, useLocale } from '@portal/shared';
import { apiReasonMessage, apiReasonOf } from '@portal/shared/api-reason';
import type { ApiReason } from '@portal/shared/api-reason';
import {
  Alert,
  Button,
  PageHeading,
  SelectField,
  TextAreaField,
  TextField,
  useValibotForm,
} from '@portal/ui';
import {
  ADDRESS_COMPARERS,
  ADDRESS_FIELDS,
  isUnchanged,
  MAX_LENGTHS,
  NO_CHANGES_CODE,
} from '@portal/contract/validation';
import type { Policy } from '@portal/contract/domain';
import type { PageProps } from '@portal/shared';
import { useCountries } from '@portal/shared/get-json';

import { PolicyChangeGate, PostalAddress } from '../../policies';
import { countryOptions } from '../../countries';
import { addressFormSchema, saveAddress } from '../api/save-address';
import type { AddressFormInput } from '../api/save-address';
import { useAddressLookup } from './use-address-lookup';
import '../../../lib/change-page.css';
import { useFlowTranslation } from '../../../lib/flow-texts';

export type AddressPageProps = PageProps;

/** `/insurances/{policyId}/address`: record a new destination address for a policy. */
export function AddressPage({ policyId }: AddressPageProps) {
  const { t } = useFlowTranslation();
  return (
    <section className="change-page">
      <PageHeading title={t('address.title')} description={t('address.intro')} focusOnMount />
      <PolicyChangeGate policyId={policyId} textsKey="address">
        {(policy) => <AddressForm policy={policy} />}
      </PolicyChangeGate>
    </section>
  );
}

type Outcome = { kind: 'form' } | { kind: 'saved'; underReview: boolean };

export type AddressFormProps = { policy: Policy };

/** The address form with the postcode lookup; the result says whether the change is under review. */
export function AddressForm({ policy }: AddressFormProps) {
  const { t } = useFlowTranslation();
  const { locale } = useLocale();
  const lookupId = useId();
  const countries = useCountries();
  const form = useValibotForm(addressFormSchema, {
    postalCode: '',
    houseNumber: '',
    houseNumberAddition: '',
    street: '',
    city: '',
    country: policy.destinationAddress?.country ?? policy.destination,
    moveReason: '',
  } satisfies AddressFormInput);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form' });
  // Why the last save did not happen: the backend failed, the address is the current one, or the
  // api refused it and said why (e.g. a change under review since the page was opened).
  const [failure, setFailure] = useState<'internal' | 'noChanges' | ApiReason | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const confirmation = useRef<HTMLDivElement>(null);
  const { setValue } = form;
  // What the last lookup filled in: a lookup that then finds nothing takes it away again, and
  // leaves what the student typed herself.
  const filled = useRef<{ street: string; city: string } | null>(null);
  const latest = useRef(form.values);
  latest.current = form.values;

  // The lookup knows Dutch addresses only; elsewhere street and city are typed.
  const lookup = useAddressLookup(
    form.values.postalCode,
    form.values.houseNumber,
    form.values.country === 'NL',
    (street, city) => {
      filled.current = { street, city };
      setValue('street', street);
      setValue('city', city);
    },
    () => {
      const previous = filled.current;
      filled.current = null;
      if (!previous) return;
      if (latest.current.street === previous.street) setValue('street', '');
      if (latest.current.city === previous.city) setValue('city', '');
    },
  );

  useEffect(() => {
    if (outcome.kind === 'saved') confirmation.current?.focus();
  }, [outcome.kind]);

  const onSubmit = form.handleSubmit(async (output) => {
    setFailure(null);
    // The current address again changes nothing: say so rather than send it (docs/requirements.md §8).
    if (isUnchanged(output, policy.destinationAddress, ADDRESS_FIELDS, ADDRESS_COMPARERS)) {
      setFailure('noChanges');
      return;
    }
    try {
      const { underReview } = await saveAddress(policy.id, output);
      setOutcome({ kind: 'saved', underReview });
    } catch (error) {
      const body = await readApiError(error);
      const fields = errorStatus(error) === 400 ? (body?.fields ?? []) : [];
      if (fields.length > 0) form.setServerErrors(fields);
      else if (errorStatus(error) === 409 && body?.code === NO_CHANGES_CODE) setFailure('noChanges');
      else setFailure(apiReasonOf(errorStatus(error), body) ?? 'internal');
    }
  });

  const downloadCertificate = async () => {
    setDownloadFailed(false);
    try {
      await downloadDocument(
        `api/en/policies/${encodeURIComponent(policy.id)}/certificate`,
        `certificate-${policy.number}.pdf`,
      );
    } catch {
      setDownloadFailed(true);
    }
  };

  if (outcome.kind === 'saved') {
    return (
      <div ref={confirmation} role="status" tabIndex={-1} className="confirmation">
        {outcome.underReview ? (
          <p>{t('address.underReview')}</p>
        ) : (
          <>
            <p>{t('address.applied')}</p>
            <Button variant="secondary" onClick={downloadCertificate}>
              {t('address.certificate')}
            </Button>
            {downloadFailed ? <p className="form-error">{t('address.certificateFailed')}</p> : null}
          </>
        )}
        <p>
          <Link to={paths.insurances()}>{t('address.back')}</Link>
        </p>
      </div>
    );
  }

  const lookupText =
    lookup === 'looking'
      ? t('address.lookup.looking')
      : lookup === 'found'
        ? t('address.lookup.found')
        : lookup === 'unknown'
          ? t('errors.invalidHouseNumber')
          : lookup === 'failed'
            ? t('address.lookup.failed')
            : '';
  const options = countries.state.status === 'success' ? countryOptions(countries.state.data, locale) : [];
  const country = form.values.country;
  // Until the countries are loaded the current choice is still shown.
  const countryChoices =
    options.some((option) => option.value === country) || !country
      ? options
      : [{ value: country, label: country }, ...options];

  return (
    <>
      {policy.destinationAddress ? (
        <dl className="change-page__summary">
          <div className="definition">
            <dt>{t('address.current')}</dt>
            <dd>
              <PostalAddress address={policy.destinationAddress} />
            </dd>
          </div>
        </dl>
      ) : null}
      {failure ? (
        <Alert
          type="error"
          title={t('address.failedTitle')}
          messages={[
            typeof failure === 'object'
              ? apiReasonMessage(t, failure)
              : { code: failure === 'noChanges' ? 'errors.noChanges' : 'errors.internal' },
          ]}
        />
      ) : null}
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={form.isSubmitting}>
        <SelectField
          {...form.field('country')}
          label={t('address.country')}
          options={countryChoices}
          autoComplete="country"
          required
        />
        <TextField
          {...form.field('postalCode')}
          label={t('address.postalCode')}
          autoComplete="postal-code"
          maxLength={MAX_LENGTHS.postalCode}
          required
        />
        <TextField
          {...form.field('houseNumber')}
          label={t('address.houseNumber')}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={MAX_LENGTHS.houseNumber}
          aria-describedby={lookupText ? lookupId : undefined}
          required
        />
        {/* Announces what the lookup found, or that the house number is unknown there: under the
            house number, which it is about. */}
        <p
          id={lookupId}
          role="status"
          className={lookup === 'unknown' || lookup === 'failed' ? 'form-error' : 'field__hint'}
        >
          {lookupText}
        </p>
        <TextField
          {...form.field('houseNumberAddition')}
          label={t('address.addition')}
          maxLength={MAX_LENGTHS.houseNumberAddition}
        />
        <TextField
          {...form.field('street')}
          label={t('address.street')}
          autoComplete="address-line1"
          maxLength={MAX_LENGTHS.street}
          required
        />
        <TextField
          {...form.field('city')}
          label={t('address.city')}
          autoComplete="address-level2"
          maxLength={MAX_LENGTHS.city}
          required
        />
        <TextAreaField
          {...form.field('moveReason')}
          label={t('address.moveReason')}
          hint={t('address.moveReasonHint')}
          maxLength={MAX_LENGTHS.moveReason}
          rows={3}
        />
        <Button type="submit" busy={form.isSubmitting}>
          {t('address.save')}
        </Button>
      </form>
    </>
  );
}
