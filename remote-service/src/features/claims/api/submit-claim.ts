import { useCallback, useState } from 'react';
import * as v from 'valibot';
import { errorStatus, postWithProgress, readApiError } from '@portal/shared';
import { apiReasonOf } from '@portal/shared/api-reason';
import type { ApiReason } from '@portal/shared/api-reason';
import type { FieldError } from '@portal/contract/wire';
import { claimSchema, formToWireDate } from '@portal/contract/validation';
import type { ClaimablePolicy } from '@portal/contract/validation';
import { parseJson } from '@portal/shared/get-json';
import { claimCreatedWireSchema } from '@portal/contract/wire';

import { forgetUploads, uploadReceipts } from '../lib/resumable-receipts';

/** What the student types in the claim form (the receipts are kept beside it). */
export type ClaimFormValues = {
  policyNumber: string;
  category: string;
  /** dd/mm/yyyy, as typed. */
  incidentDate: string;
  description: string;
  amount: string;
  iban: string;
};

/** An empty claim form. */
export const EMPTY_CLAIM: ClaimFormValues = {
  policyNumber: '',
  category: '',
  incidentDate: '',
  description: '',
  amount: '',
  iban: '',
};

const text = v.string();

/**
 * The claim form's rules: every field is text while typing, then the api's own claim schema runs,
 * with the date as typed (dd/mm/yyyy) and the student's policies.
 */
export function claimFormSchema(policies: readonly ClaimablePolicy[], today: Date = new Date()) {
  return v.pipe(
    v.object({
      policyNumber: text,
      category: text,
      incidentDate: text,
      description: text,
      amount: text,
      iban: text,
    }),
    claimSchema({ today, policies, dateFormat: 'form' }),
  );
}

/** What the claim form hands over once every rule passed. */
export type ClaimFormOutput = v.InferOutput<ReturnType<typeof claimFormSchema>>;

/** The multipart body of `POST /api/en/claims`: the fields (incident date as YYYY-MM-DD) and the receipts. */
export function claimFormData(
  claim: ClaimFormOutput,
  receipts: readonly File[],
  extraFields: Readonly<Record<string, string>> = {},
  uploadedReceipts: readonly string[] = [],
): FormData {
  const body = new FormData();
  body.append('policyNumber', claim.policyNumber);
  body.append('category', claim.category);
  body.append('incidentDate', formToWireDate(claim.incidentDate) ?? claim.incidentDate);
  body.append('description', claim.description);
  body.append('amount', claim.amount);
  body.append('iban', claim.iban);
  // Every field before the first file: the api checks the fields there, before it stores a receipt.
  for (const [name, value] of Object.entries(extraFields)) body.append(name, value);
  // Receipts already uploaded (resumable), by id; then any sent in this body.
  for (const id of uploadedReceipts) body.append(UPLOADED_RECEIPT_FIELD, id);
  for (const receipt of receipts) body.append('receipts', receipt, receipt.name);
  return body;
}

/** Why a claim was not sent; the form keeps everything for another try. */
export type ClaimFailure =
  | { kind: 'network' }
  | { kind: 'tooLarge' }
  | { kind: 'invalid'; fields: FieldError[] }
  /** A visitor's policy number and date of birth match no policy (which of the two is not said). */
  | { kind: 'notFound' }
  | { kind: 'server'; incidentId?: string }
  | { kind: 'unauthorized' }
  /** The api refused it with a reason (a limit of claims, a policy she may not claim on): shown in its words. */
  | { kind: 'refused'; reason: ApiReason }
  | { kind: 'other' };

/**
 * Where the sending of a claim is. `progress` is the share of the receipts that has arrived, 0 to 1;
 * `offline` while the connection is lost (the upload goes on by itself when it is back).
 */
export type SubmitClaimState =
  | { status: 'idle' }
  | { status: 'sending'; progress: number; offline?: boolean }
  | { status: 'done'; claimNumber: string }
  | { status: 'failed'; failure: ClaimFailure };

/** Code of the api's one answer to a visitor's policy number and date of birth that match no policy. */
export const POLICY_NOT_FOUND_CODE = 'POLICY_NOT_FOUND';

/** Reads a failed send: the status, and for a 400 the fields, for a 500 the incident id. */
export async function claimFailureOf(error: unknown): Promise<ClaimFailure> {
  const status = errorStatus(error);
  if (status === undefined) return { kind: 'network' };
  if (status === 413) return { kind: 'tooLarge' };
  // The shared handling has already ended the session; the host sends the student to log in.
  if (status === 401) return { kind: 'unauthorized' };
  const body = await readApiError(error);
  if (status === 400 && body?.fields?.length) return { kind: 'invalid', fields: body.fields };
  if (status === 422 && body?.code === POLICY_NOT_FOUND_CODE) return { kind: 'notFound' };
  if (status >= 500) return { kind: 'server', incidentId: body?.incidentId };
  const reason = apiReasonOf(status, body);
  return reason ? { kind: 'refused', reason } : { kind: 'other' };
}

/** Name of the form field that names a receipt uploaded before, by its id (the api's `uploadedReceipts`). */
export const UPLOADED_RECEIPT_FIELD = 'uploadedReceipts';

/** How a send is followed: the share that has arrived, and a connection lost or back. */
export type SendEvents = {
  onProgress?: (fraction: number) => void;
  onConnection?: (online: boolean) => void;
};

/**
 * Uploads the receipts with the resumable protocol (a lost connection loses nothing: the upload waits,
 * then goes on where it stopped) and resolves to their ids. A refusal because an upload is gone makes
 * the next send upload the files anew.
 */
export async function uploadClaimReceipts(receipts: readonly File[], events: SendEvents = {}) {
  return uploadReceipts(receipts, {
    onProgress: (arrived, total) => events.onProgress?.(total > 0 ? arrived / total : 1),
    onConnection: events.onConnection,
  });
}

/** Forgets the uploads of `receipts` when the api answered that they have not arrived (see the api). */
export async function forgetGoneUploads(error: unknown, receipts: readonly File[]): Promise<void> {
  const body = errorStatus(error) === 400 ? await readApiError(error) : undefined;
  if (body?.fields?.some((field) => field.code === 'validation.files.upload')) forgetUploads(receipts);
}

/**
 * Sends a student's claim: the receipts first, each as a resumable upload that shows what has arrived,
 * then `POST /api/en/claims` with the fields and the receipts' ids. Resolves to the claim number.
 */
export async function submitClaim(
  claim: ClaimFormOutput,
  receipts: readonly File[],
  events: SendEvents = {},
): Promise<string> {
  const ids = await uploadClaimReceipts(receipts, events);
  try {
    const response = await postWithProgress('api/en/claims', claimFormData(claim, [], {}, ids));
    return await claimNumberOf(response);
  } catch (error) {
    await forgetGoneUploads(error, receipts);
    throw error;
  }
}

/** Sends a claim of type `T` with its receipts, following its progress; resolves to the claim number. */
export type ClaimSender<T> = (claim: T, receipts: readonly File[], events?: SendEvents) => Promise<string>;

/** Reads the claim number of a 201 answer. */
export async function claimNumberOf(response: Response): Promise<string> {
  const body: unknown = await response.json();
  return parseJson(response.url, claimCreatedWireSchema, body).claimNumber;
}

/** Sends a claim and follows it: sending with progress, done with the claim number, or why it failed. */
export function useSubmitClaim(): ReturnType<typeof useSendClaim<ClaimFormOutput>> {
  return useSendClaim(submitClaim);
}

/** {@link useSubmitClaim} for any way of sending a claim (a student's, a visitor's). */
export function useSendClaim<T>(send: ClaimSender<T>) {
  const [state, setState] = useState<SubmitClaimState>({ status: 'idle' });
  const submit = useCallback(
    async (claim: T, receipts: readonly File[]) => {
      setState({ status: 'sending', progress: 0 });
      // The last share that arrived, kept while the connection is lost and back.
      let progress = 0;
      let offline = false;
      try {
        const claimNumber = await send(claim, receipts, {
          onProgress: (fraction) => {
            progress = fraction;
            setState({ status: 'sending', progress, offline });
          },
          onConnection: (online) => {
            offline = !online;
            setState({ status: 'sending', progress, offline });
          },
        });
        const done = { status: 'done', claimNumber } as const;
        setState(done);
        return done;
      } catch (error) {
        const failed = { status: 'failed', failure: await claimFailureOf(error) } as const;
        setState(failed);
        return failed;
      }
    },
    [send],
  );
  return { state, submit };
}
