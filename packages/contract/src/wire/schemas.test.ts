/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type * as v from 'valibot';

import * as enums from './enums';
import * as schemas from './schemas';

// The OpenAPI document the api serves: the schemas written in ./schemas.ts must say what it says.
const document = parse(
  readFileSync(path.join(__dirname, '..', '..', '..', '..', 'api', 'openapi', 'openapi.yaml'), 'utf8'),
) as { components: { schemas: Record<string, OpenApiSchema> } };

type OpenApiSchema = {
  $ref?: string;
  allOf?: OpenApiSchema[];
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
};

type AnySchema = v.GenericSchema & {
  wrapped?: AnySchema;
  entries?: Record<string, AnySchema>;
  item?: AnySchema;
  options?: readonly unknown[];
  pipe?: readonly { type: string }[];
};

/** The named schema of the document, with its `$ref`s and `allOf`s resolved. */
function resolve(schema: OpenApiSchema): OpenApiSchema {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const found = document.components.schemas[name];
    if (!found) throw new Error(`No schema ${name} in the OpenAPI document`);
    return resolve(found);
  }
  if (!schema.allOf) return schema;
  return schema.allOf.map(resolve).reduce<OpenApiSchema>(
    (merged, part) => ({
      type: 'object',
      required: [...(merged.required ?? []), ...(part.required ?? [])],
      properties: { ...merged.properties, ...part.properties },
    }),
    {},
  );
}

const component = (name: string) => resolve({ $ref: `#/components/schemas/${name}` });

/** What one valibot schema says of a value, in the words of OpenAPI. */
function describeValibot(schema: AnySchema): object {
  const actions = (schema.pipe ?? []).map((action) => action.type);
  switch (schema.type) {
    case 'picklist':
      return { type: 'string', enum: schema.options };
    case 'string': {
      const format = actions.includes('iso_date')
        ? 'date'
        : actions.includes('iso_timestamp')
          ? 'date-time'
          : undefined;
      return format ? { type: 'string', format } : { type: 'string' };
    }
    case 'number':
      return { type: actions.includes('integer') ? 'integer' : 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'array':
      return { type: 'array', items: describeValibot(schema.item as AnySchema) };
    case 'nullable': {
      const inner = describeValibot(schema.wrapped as AnySchema) as { type: string };
      return { ...inner, type: [inner.type, 'null'] };
    }
    case 'object': {
      const entries = Object.entries(schema.entries ?? {});
      return {
        type: 'object',
        required: entries.flatMap(([key, entry]) => (entry.type === 'optional' ? [] : [key])).sort(),
        properties: Object.fromEntries(
          entries.map(([key, entry]) => [
            key,
            describeValibot(entry.type === 'optional' ? (entry.wrapped as AnySchema) : entry),
          ]),
        ),
      };
    }
    default:
      throw new Error(`No OpenAPI reading of a valibot ${schema.type}`);
  }
}

/** The same, of the document's schema: the parts the runtime schemas check. */
function describeOpenApi(raw: OpenApiSchema): object {
  const schema = resolve(raw);
  if (Array.isArray(schema.type)) {
    const [type = 'null'] = schema.type.filter((name) => name !== 'null');
    const inner = describeOpenApi({ ...schema, type });
    return schema.type.includes('null') ? { ...inner, type: [type, 'null'] } : inner;
  }
  if (schema.enum) return { type: 'string', enum: schema.enum };
  switch (schema.type) {
    case 'string':
      return schema.format === 'date' || schema.format === 'date-time'
        ? { type: 'string', format: schema.format }
        : { type: 'string' };
    case 'number':
    case 'integer':
    case 'boolean':
      return { type: schema.type };
    case 'array':
      return { type: 'array', items: describeOpenApi(schema.items ?? {}) };
    case 'object':
      return {
        type: 'object',
        required: [...(schema.required ?? [])].sort(),
        properties: Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([key, property]) => [key, describeOpenApi(property)]),
        ),
      };
    default:
      throw new Error(`No reading of an OpenAPI ${JSON.stringify(schema.type)}`);
  }
}

describe('the wire schemas', () => {
  it.each([
    ['Country', schemas.countryWireSchema],
    ['Profile', schemas.profileWireSchema],
    ['Address', schemas.addressWireSchema],
    ['RawPolicy', schemas.policyWireSchema],
    ['RawInvoice', schemas.invoiceWireSchema],
    ['InvoicePaymentRedirect', schemas.invoicePaymentRedirectWireSchema],
    ['InvoicePaymentTransfer', schemas.invoicePaymentTransferWireSchema],
    ['Claim', schemas.claimWireSchema],
    ['ClaimHistoryStep', schemas.claimHistoryStepWireSchema],
    ['ClaimReceipt', schemas.claimReceiptWireSchema],
    ['ClaimDetail', schemas.claimDetailWireSchema],
    ['ClaimCreated', schemas.claimCreatedWireSchema],
    ['ClaimConfirmation', schemas.claimConfirmationWireSchema],
    ['CalculateResponse', schemas.calculateResponseWireSchema],
    ['ApplicationResponse', schemas.applicationResponseWireSchema],
    ['AddressChangeResponse', schemas.addressChangeResponseWireSchema],
    ['Passkey', schemas.passkeyWireSchema],
    ['OpenSession', schemas.openSessionWireSchema],
    ['ProofVerification', schemas.proofVerificationWireSchema],
  ])('should check %s as the OpenAPI document describes it', (name, schema) => {
    expect(describeValibot(schema as AnySchema)).toEqual(describeOpenApi(component(name)));
  });

  it('should hold every schema of ./schemas.ts to the document', () => {
    // A schema added without a line above would go unchecked.
    const isSchema = (value: unknown) =>
      typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'schema';
    expect(Object.values(schemas).filter(isSchema).length).toBe(19);
  });

  it('should name only fields of a policy as the ones the policy rules read', () => {
    const properties = Object.keys(component('RawPolicy').properties ?? {});
    expect(properties).toEqual(expect.arrayContaining([...schemas.POLICY_RULE_FIELDS]));
  });
});

describe('the wire enumerations', () => {
  const enumOf = (name: string, property?: string) => {
    const schema = component(name);
    return (property ? resolve(schema.properties?.[property] ?? {}) : schema).enum;
  };

  it.each([
    ['INSURANCE_TYPES', enums.INSURANCE_TYPES, enumOf('InsuranceType')],
    ['POLICY_STATUSES', enums.POLICY_STATUSES, enumOf('PolicyStatusRaw')],
    ['CUSTOMER_TYPES', enums.CUSTOMER_TYPES, enumOf('CustomerType')],
    ['PAYMENT_TERMS', enums.PAYMENT_TERMS, enumOf('PaymentTerm')],
    ['PAYMENT_METHODS', enums.PAYMENT_METHODS, enumOf('PaymentMethod')],
    ['INVOICE_PAY_METHODS', enums.INVOICE_PAY_METHODS, enumOf('InvoicePaymentRequest', 'method')],
    ['GENDERS', enums.GENDERS, enumOf('Gender')],
    ['CONTACT_CATEGORIES', enums.CONTACT_CATEGORIES, enumOf('ContactCategory')],
    ['YES_NO', enums.YES_NO, enumOf('YesNo')],
    ['STRING_BOOLEANS', enums.STRING_BOOLEANS, enumOf('StringBoolean')],
    ['OUTSTANDING_FLAGS', enums.OUTSTANDING_FLAGS, enumOf('RawInvoice', 'isOutstanding')],
    ['CLAIM_STATUSES', enums.CLAIM_STATUSES, enumOf('ClaimStatus')],
    ['CLAIM_REJECTION_REASONS', enums.CLAIM_REJECTION_REASONS, enumOf('ClaimRejectionReason')],
    ['RECEIPT_CONTENT_TYPES', enums.RECEIPT_CONTENT_TYPES, enumOf('ClaimReceipt', 'contentType')],
    ['COVER_STATUSES', enums.COVER_STATUSES, enumOf('CoverStatus')],
    ['CALCULATION_DIRECTIONS', enums.CALCULATION_DIRECTIONS, enumOf('CalculateResponse', 'direction')],
    ['CLAIM_DECISIONS', enums.CLAIM_DECISIONS, enumOf('ClaimConfirmation', 'decision')],
  ])('should list %s as the document does', (_name, list, documented) => {
    expect(list).toEqual(documented);
  });

  it('should hold every list of ./enums.ts to the document', () => {
    expect(Object.keys(enums).length).toBe(17);
  });
});
