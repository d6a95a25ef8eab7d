import { useEffect, useMemo, useRef, useState } from 'react';
import { errorStatus, readApiError, useLocale } from '@portal/shared';
import { apiReasonMessage, apiReasonOf } from '@portal/shared/api-reason';
import type { PageProps } from '@portal/shared';
import type { ApiReason } from '@portal/shared/api-reason';
import {
  Alert,
  Button,
  DateField,
  PageHeading,
  RadioGroup,
  SelectField,
  TextField,
  useValibotForm,
} from '@portal/ui';
import { GENDERS, INSURANCE_TYPES, MAX_LENGTHS } from '@portal/contract/validation';
import { useCountries } from '@portal/shared/get-json';

import { countryOptions } from '../../countries';
import { requestFormSchema, sendInsuranceRequest } from '../api/send-insurance-request';
import { clearRequestDraft, useInitialRequestDraft, useRequestDraft } from './use-request-draft';
import '../../../lib/change-page.css';
import { useFlowTranslation } from '../../../lib/flow-texts';

export type RequestPageProps = PageProps;

/** `/request`: anyone can apply for a new insurance, without an account. */
export function RequestPage(_props: RequestPageProps) {
  const { t } = useFlowTranslation();
  const [applicationNumber, setApplicationNumber] = useState<string | null>(null);
  return (
    <section className="change-page">
      <PageHeading title={t('request.title')} description={t('request.intro')} focusOnMount />
      {applicationNumber ? (
        <RequestSent applicationNumber={applicationNumber} />
      ) : (
        <RequestForm onSent={setApplicationNumber} />
      )}
    </section>
  );
}

function RequestSent({ applicationNumber }: { applicationNumber: string }) {
  const { t } = useFlowTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // The form disappears; focus moves to what replaced it.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} role="status" tabIndex={-1} className="confirmation">
      <p>{t('request.sent', { applicationNumber })}</p>
      <p>{t('request.next')}</p>
    </div>
  );
}

export type RequestFormProps = { onSent: (applicationNumber: string) => void; today?: Date };

/** The request form; what was typed survives a reload until the request is sent. */
export function RequestForm({ onSent, today }: RequestFormProps) {
  const { t } = useFlowTranslation();
  const { locale } = useLocale();
  const todayTime = today?.getTime();
  const schema = useMemo(
    () => requestFormSchema(todayTime === undefined ? undefined : new Date(todayTime)),
    [todayTime],
  );
  const form = useValibotForm(schema, useInitialRequestDraft());
  const [sent, setSent] = useState(false);
  const [failed, setFailed] = useState(false);
  // The api's reason for a refusal that names no field (a limit of requests), shown in its words.
  const [reason, setReason] = useState<ApiReason | undefined>();
  useRequestDraft(form.values, !sent);
  const countries = useCountries();

  const onSubmit = form.handleSubmit(async (output) => {
    setFailed(false);
    setReason(undefined);
    try {
      const applicationNumber = await sendInsuranceRequest(output, locale);
      setSent(true);
      clearRequestDraft();
      onSent(applicationNumber);
    } catch (error) {
      const status = errorStatus(error);
      const body = await readApiError(error);
      const fields = status === 400 || status === 422 ? (body?.fields ?? []) : [];
      if (fields.length > 0) form.setServerErrors(fields);
      else {
        setReason(apiReasonOf(status, body));
        setFailed(true);
      }
    }
  });

  const options = countries.state.status === 'success' ? countryOptions(countries.state.data, locale) : [];
  const types = INSURANCE_TYPES.map((value) => ({ value, label: t(`request.types.${value}`) }));
  const genders = GENDERS.map((value) => ({ value, label: t(`request.genders.${value}`) }));

  return (
    <>
      {failed ? (
        <Alert
          type="error"
          title={t('request.failedTitle')}
          messages={[reason ? apiReasonMessage(t, reason) : { code: 'errors.internal' }]}
        />
      ) : null}
      {countries.state.status === 'error' ? (
        <Alert
          type="error"
          title={t('request.countriesFailed')}
          messages={[{ code: 'errors.serviceUnavailable' }]}
        >
          <Button variant="secondary" onClick={countries.retry}>
            {t('request.retry')}
          </Button>
        </Alert>
      ) : null}
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={form.isSubmitting}>
        <fieldset className="form__group">
          <legend>{t('request.insurance')}</legend>
          <RadioGroup
            {...form.field('insuranceType')}
            legend={t('request.insuranceType')}
            options={types}
            inline
          />
          <DateField {...form.field('startDate')} label={t('request.startDate')} required />
          <DateField {...form.field('endDate')} label={t('request.endDate')} required />
          <SelectField
            {...form.field('destination')}
            label={t('request.destination')}
            options={options}
            required
          />
          <SelectField
            {...form.field('countryOfOrigin')}
            label={t('request.countryOfOrigin')}
            options={options}
            required
          />
        </fieldset>
        <fieldset className="form__group">
          <legend>{t('request.person')}</legend>
          <RadioGroup
            {...form.field('person.gender')}
            legend={t('request.gender')}
            options={genders}
            inline
          />
          <TextField
            {...form.field('person.firstName')}
            label={t('request.firstName')}
            autoComplete="given-name"
            maxLength={MAX_LENGTHS.name}
            required
          />
          <TextField
            {...form.field('person.surname')}
            label={t('request.surname')}
            autoComplete="family-name"
            maxLength={MAX_LENGTHS.name}
            required
          />
          <DateField {...form.field('person.birthDate')} label={t('request.birthDate')} required />
          <SelectField
            {...form.field('person.nationality')}
            label={t('request.nationality')}
            options={options}
            required
          />
          <TextField
            {...form.field('person.email')}
            label={t('request.email')}
            type="email"
            autoComplete="email"
            maxLength={MAX_LENGTHS.email}
            required
          />
          <TextField
            {...form.field('educationalInstitution.name')}
            label={t('request.institution')}
            hint={t('request.institutionHint')}
            autoComplete="organization"
            maxLength={MAX_LENGTHS.name}
          />
        </fieldset>
        <Button type="submit" busy={form.isSubmitting}>
          {t('request.submit')}
        </Button>
      </form>
    </>
  );
}
