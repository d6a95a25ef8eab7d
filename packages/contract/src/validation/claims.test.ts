import * as v from 'valibot';
import {
  CLAIM_MAX_AMOUNT,
  VALIDATION_CODES,
  claimIncidentDateIssue,
  claimSchema,
  parseClaimAmount,
  receiptIssue,
  sniffReceiptType,
  toFieldIssues,
} from './index';

const today = new Date(2026, 5, 15);
const policy = { policyNumber: 'TR-2026-100101', startDate: '2026-01-01', endDate: '2026-12-31' };
const claim = {
  policyNumber: 'TR-2026-100101',
  category: 'CLAIMS',
  incidentDate: '2026-06-10',
  description: 'Doctor visit',
  amount: '125,50',
  iban: 'NL91 ABNA 0417 1643 00',
};
const codes = (input: unknown, policies = [policy]) => {
  const result = v.safeParse(claimSchema({ today, policies }), input);
  return result.success ? [] : toFieldIssues(result.issues);
};

describe('claim rules', () => {
  it('should accept a claim within the policy period', () => {
    expect(codes(claim)).toEqual([]);
    expect(codes({ ...claim, incidentDate: '10/06/2026' }, [policy])).toEqual([
      { field: 'incidentDate', code: 'validation.date.invalid' },
    ]);
    const formSchema = claimSchema({ today, policies: [policy], dateFormat: 'form' });
    expect(v.safeParse(formSchema, { ...claim, incidentDate: '10/06/2026' }).success).toBe(true);
  });

  it('should refuse an incident date in the future or outside the policy period', () => {
    expect(codes({ ...claim, incidentDate: '2026-06-16' })).toEqual([
      { field: 'incidentDate', code: 'validation.date.notFuture' },
    ]);
    const later = { ...policy, startDate: '2026-03-01' };
    expect(codes({ ...claim, incidentDate: '2026-02-28' }, [later])).toEqual([
      { field: 'incidentDate', code: 'validation.incidentDate.outsidePolicy' },
    ]);
    const ended = { ...policy, endDate: '2026-05-31' };
    expect(codes({ ...claim, incidentDate: '2026-06-01' }, [ended])).toEqual([
      { field: 'incidentDate', code: 'validation.incidentDate.outsidePolicy' },
    ]);
    expect(codes({ ...claim, incidentDate: '2026-05-31' }, [ended])).toEqual([]);
    expect(claimIncidentDateIssue('2026-01-01', policy, { today })).toBeNull();
    expect(claimIncidentDateIssue('', policy, { today })).toBe('validation.required');
  });

  it('should only accept one of the student’s own policies when they are known', () => {
    expect(codes({ ...claim, policyNumber: 'HE-2026-100301' })).toEqual([
      { field: 'policyNumber', code: 'validation.option' },
    ]);
    const formatOnly = v.safeParse(claimSchema({ today }), { ...claim, policyNumber: 'HE-2026-100301' });
    expect(formatOnly.success).toBe(true);
  });

  it('should need a positive amount with two decimals at most, up to the maximum', () => {
    expect(codes({ ...claim, amount: '0' })).toEqual([
      { field: 'amount', code: 'validation.amount.positive' },
    ]);
    expect(codes({ ...claim, amount: '0,00' })).toEqual([
      { field: 'amount', code: 'validation.amount.positive' },
    ]);
    expect(codes({ ...claim, amount: '-5' })).toEqual([{ field: 'amount', code: 'validation.amount' }]);
    expect(codes({ ...claim, amount: '12.345' })).toEqual([{ field: 'amount', code: 'validation.amount' }]);
    expect(codes({ ...claim, amount: '50000.00' })).toEqual([]);
    expect(codes({ ...claim, amount: '50000.01' })).toEqual([
      { field: 'amount', code: 'validation.amount.max' },
    ]);
    expect(parseClaimAmount(' 125,5 ')).toBe(125.5);
    expect(parseClaimAmount('abc')).toBeNaN();
    expect(CLAIM_MAX_AMOUNT).toBe(50_000);
  });

  it('should give one message per broken rule, not one per check', () => {
    const messages = (input: unknown) => {
      const result = v.safeParse(claimSchema({ today, policies: [policy] }), input);
      return result.success ? [] : result.issues.map((issue) => issue.message);
    };
    expect(messages({ ...claim, amount: '1,234' })).toEqual(['validation.amount']);
    expect(messages({ ...claim, incidentDate: '2026-06-16' })).toEqual(['validation.date.notFuture']);
    expect(messages({ ...claim, incidentDate: '2025-12-31' })).toEqual([
      'validation.incidentDate.outsidePolicy',
    ]);
  });

  it('should need every field and a non-UK IBAN', () => {
    expect(codes({}).map((issue) => issue.field)).toEqual([
      'policyNumber',
      'category',
      'incidentDate',
      'description',
      'amount',
      'iban',
    ]);
    expect(codes({ ...claim, iban: 'GB82WEST12345698765432' })).toEqual([
      { field: 'iban', code: 'validation.iban.uk' },
    ]);
    for (const issue of codes({ ...claim, amount: '0', category: 'TRAVEL', incidentDate: '2027-01-01' })) {
      expect(VALIDATION_CODES).toContain(issue.code);
    }
  });
});

describe('receipts', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  const ascii = (text: string) => bytes(...Array.from(text, (char) => char.charCodeAt(0)));

  it('should read the type from the first bytes, not from the name', () => {
    expect(sniffReceiptType(ascii('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffReceiptType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffReceiptType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffReceiptType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(sniffReceiptType(ascii('<html>'))).toBeNull();
    expect(sniffReceiptType(bytes())).toBeNull();
  });

  it('should allow 5 receipts of PDF, JPEG or PNG up to 10 MB each', () => {
    const ok = { type: 'application/pdf', size: 10 * 1024 * 1024 };
    expect(receiptIssue(Array.from({ length: 5 }, () => ok))).toBeNull();
    expect(receiptIssue(Array.from({ length: 6 }, () => ok))).toBe('validation.files.tooMany');
    expect(receiptIssue([{ ...ok, size: ok.size + 1 }])).toBe('validation.files.size');
    expect(receiptIssue([{ type: 'text/plain', size: 10 }])).toBe('validation.files.type');
  });
});
