import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../errors.js';
import { requirePrincipal } from '../../auth/session.js';
import { renderPdf } from '../../documents/pdf.js';
import type { PdfLine } from '../../documents/pdf.js';
import type { RouteContext } from '../../http/context.js';
import { findDocument, ownPolicy, requireCover, wireDate } from './store.js';
import type { PolicyRow } from './store.js';

type IdParams = { Params: { id: string } };

function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('Cache-Control', 'no-store')
    .send(pdf);
}

function policyLines(policy: PolicyRow): PdfLine[] {
  return [
    { label: 'Policy holder', value: `${policy.first_name} ${policy.surname}` },
    { label: 'Date of birth', value: wireDate(policy.birth_date) },
    { label: 'Policy number', value: policy.policy_number ?? policy.application_number ?? policy.policy_id },
    { label: 'Insurance', value: policy.insurance_type },
    { label: 'Coverage', value: policy.coverage },
    { label: 'Destination', value: policy.destination },
    { label: 'Period', value: `${wireDate(policy.start_date)} to ${wireDate(policy.end_date)}` },
    { label: 'Status', value: policy.status },
    { label: 'Premium', value: `EUR ${Number(policy.total_amount).toFixed(2)}` },
  ];
}

/**
 * The lines of the certificate: the policy and, where one is recorded, the address abroad, so that an
 * address change applied at once shows on the next certificate the student downloads.
 */
export function certificateLines(policy: PolicyRow): PdfLine[] {
  const address = policy.destination_address;
  if (!address) return policyLines(policy);
  const street = [address.street, address.houseNumber, address.houseNumberAddition].filter(Boolean).join(' ');
  return [
    ...policyLines(policy),
    {
      label: 'Address abroad',
      value: `${street}, ${address.postalCode} ${address.city}, ${address.country}`,
    },
  ];
}

/** Certificate, insurance card, conditions and policy documents as PDF. */
export async function documentRoutes(app: FastifyInstance, { db, config }: RouteContext): Promise<void> {
  async function policyFor(request: FastifyRequest<IdParams>) {
    const principal = await requirePrincipal(db, config, request);
    return ownPolicy(db, principal, request.params.id);
  }

  app.get<IdParams>('/api/en/policies/:id/certificate', async (request, reply) => {
    const policy = await policyFor(request);
    // It certifies cover: never for a policy refused, cancelled, under review or ended.
    requireCover(policy, config.now(), 'a certificate');
    const pdf = await renderPdf(
      'Certificate of insurance',
      certificateLines(policy),
      'This certifies that the person named above is insured for the period shown.',
    );
    return sendPdf(reply, `certificate-${policy.policy_number ?? policy.policy_id}.pdf`, pdf);
  });

  app.get<IdParams>('/api/en/policies/:id/icscard', async (request, reply) => {
    const policy = await policyFor(request);
    // A card shown at a clinic stands for cover, like the certificate.
    requireCover(policy, config.now(), 'an insurance card');
    const pdf = await renderPdf(
      'Insurance card',
      policyLines(policy).slice(0, 7),
      'Emergency assistance: +31 20 000 0000 (24/7).',
    );
    return sendPdf(reply, `insurance-card-${policy.policy_number ?? policy.policy_id}.pdf`, pdf);
  });

  app.get<IdParams & { Querystring: { latest?: string } }>(
    '/api/en/policies/:id/conditions',
    async (request, reply) => {
      const { latest } = request.query;
      if (latest !== undefined && latest !== 'true' && latest !== 'false') {
        throw errors.validation([{ field: 'latest', code: 'validation.option' }]);
      }
      const policy = await policyFor(request);
      const edition = latest === 'true' ? 'latest edition' : `edition of ${wireDate(policy.start_date)}`;
      const pdf = await renderPdf(
        `Policy conditions (${edition})`,
        policyLines(policy).slice(2, 5),
        `These conditions apply to ${policy.coverage}.`,
      );
      return sendPdf(
        reply,
        `conditions-${policy.insurance_type.toLowerCase()}${latest === 'true' ? '-latest' : ''}.pdf`,
        pdf,
      );
    },
  );

  app.get<IdParams>('/api/en/documents/:id', async (request, reply) => {
    const principal = await requirePrincipal(db, config, request);
    const doc = await findDocument(db, request.params.id);
    if (!doc) throw errors.notFound('Document');
    const policy = await ownPolicy(db, principal, doc.policy_id);
    const pdf = await renderPdf(doc.name, policyLines(policy));
    return sendPdf(reply, `${doc.name.toLowerCase().replace(/\s+/g, '-')}-${doc.id}.pdf`, pdf);
  });
}
