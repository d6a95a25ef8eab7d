// The load test writes its multipart claims by hand: they must read back as the form the api expects.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BOUNDARY, claimBody, contactBody } from './load.mjs';

test('should encode a claim as multipart/form-data with its fields and one PDF receipt', async () => {
  const form = await new Response(claimBody('load-marker'), {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  }).formData();
  assert.deepEqual(
    [...form.keys()],
    ['policyNumber', 'category', 'incidentDate', 'description', 'amount', 'iban', 'receipts'],
  );
  assert.match(String(form.get('incidentDate')), /^\d{4}-\d{2}-\d{2}$/);
  assert.match(String(form.get('description')), /load-marker/);
  const receipt = /** @type {File} */ (form.get('receipts'));
  assert.equal(receipt.name, 'receipt.pdf');
  assert.equal(receipt.type, 'application/pdf');
  assert.ok((await receipt.text()).startsWith('%PDF-'), 'the receipt starts with the PDF signature');
});

test('should put the marker of a contact request in its subject', () => {
  assert.equal(JSON.parse(contactBody('load-x')).subject, 'load-x');
});
