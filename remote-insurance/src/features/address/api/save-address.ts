import type * as v from 'valibot';
import { http } from '@portal/shared';
import type { AddressChangeRequest } from '@portal/contract/wire';
import { addressSchema } from '@portal/contract/validation';
import { parseJson } from '@portal/shared/get-json';
import { addressChangeResponseWireSchema } from '@portal/contract/wire';

/** The address form: the shared address schema, whose limits the api applies too. */
export const addressFormSchema = addressSchema;

export type AddressFormInput = v.InferInput<typeof addressFormSchema>;
export type AddressFormOutput = v.InferOutput<typeof addressFormSchema>;

/**
 * `POST /api/en/policies/{id}/address`. With a move reason the change goes under review
 * (`underReview` true); without one it applies at once. Empty optional fields are left out.
 */
export async function saveAddress(
  policyId: string,
  address: AddressFormOutput,
): Promise<{ underReview: boolean }> {
  const { houseNumberAddition, moveReason, ...required } = address;
  const body: AddressChangeRequest = {
    id: policyId,
    ...required,
    ...(houseNumberAddition ? { houseNumberAddition } : {}),
    ...(moveReason ? { moveReason } : {}),
  };
  const path = `api/en/policies/${encodeURIComponent(policyId)}/address`;
  const answer: unknown = await http.post(path, { json: body }).json();
  return parseJson(path, addressChangeResponseWireSchema, answer);
}
