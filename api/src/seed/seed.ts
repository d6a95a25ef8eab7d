import { format } from 'date-fns';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { hashPassword } from '../auth/passwords.js';
import { createToken } from '../auth/tokens.js';
import { linkMail } from '../mail/outbox.js';
import type { Mail, Mailer } from '../mail/outbox.js';
import { demoData, demoDay, demoMoment } from './demo-data.js';

/** Password of every demo account. */
export const DEMO_PASSWORD = 'Portal-Demo-2026!';

const TABLES = [
  'sessions',
  'known_browsers',
  'data_exports',
  'login_throttle',
  'passkey_challenges',
  'passkeys',
  'account_tokens',
  'payments',
  'invoices',
  'documents',
  'receipt_uploads',
  'claim_receipt_chunks',
  'claim_receipts',
  'claim_history',
  'claims',
  'proofs_of_cover',
  'policies',
  'profiles',
  'accounts',
  'requests',
  'contact_requests',
  'outbox',
  'postcodes',
];

const day = (date: Date) => format(date, 'yyyy-MM-dd');

/** A small but real PDF, the receipt of every demo claim. */
export function demoReceiptPdf(title: string): Buffer {
  const text = `BT /F1 14 Tf 72 720 Td (${title.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Empties every table and loads the demo data (data/*.json, dates relative to `config.now()`) in one transaction,
 * so a failure leaves the previous data in place rather than half of the new. The activation mail is
 * stored with the data and handed to the mailer only once it is committed.
 */
export async function seed(db: Db, config: Config, mailer: Mailer): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD, config.scryptLogN);
  const mails = await db.transaction((tx) => loadDemoData(tx, config, mailer, passwordHash));
  if (mails.length > 0) mailer.wake();
}

async function loadDemoData(
  db: Db,
  config: Config,
  mailer: Mailer,
  passwordHash: string,
): Promise<{ id: string; mail: Mail }[]> {
  const mails: { id: string; mail: Mail }[] = [];
  const demo = demoData();
  const today = config.now();
  await db.query(`TRUNCATE ${TABLES.join(', ')}`);
  for (const student of demo.students) {
    await db.query(
      'INSERT INTO accounts (id, email, password_hash, activated, blocked) VALUES ($1, $2, $3, $4, $5)',
      [student.account, student.email, passwordHash, student.activated ?? true, student.blocked ?? false],
    );
    await db.query(
      `INSERT INTO profiles (profile_id, account_id, gender, first_name, surname, birth_date, country_of_origin,
        nationality, editable, customer_type) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        student.profile,
        student.account,
        student.gender,
        student.firstName,
        student.surname,
        student.birthDate,
        student.origin,
        student.nationality,
        student.editable,
        student.customerType,
      ],
    );
    for (const policy of student.policies) {
      // clock_timestamp(), not the column's now(): now() is the same for the whole transaction, and the
      // policies are listed in the order they were created.
      await db.query(
        `INSERT INTO policies (policy_id, profile_id, policy_number, application_number, insurance_type, coverage,
          destination, start_date, end_date, cancelled_from_start, status, editable, renewable, individual,
          customer_type, institution, faculty, study, destination_address, total_amount, payment_term,
          payment_method, iban, bic, account_holder, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
          $22, $23, $24, $25, clock_timestamp())`,
        [
          policy.id,
          student.profile,
          policy.number ?? null,
          policy.application ?? null,
          policy.type,
          policy.coverage,
          policy.destination,
          day(demoDay(today, policy.start)),
          day(demoDay(today, policy.end)),
          policy.cancelledFromStart ?? false,
          policy.status,
          policy.editable,
          policy.renewable,
          student.customerType === 'INDIVIDUAL',
          student.customerType,
          student.institution?.name ?? null,
          student.institution?.faculty ?? null,
          student.institution?.study ?? null,
          policy.address ? JSON.stringify(policy.address) : null,
          policy.amount,
          policy.term,
          policy.method,
          policy.iban ?? null,
          policy.bic ?? null,
          policy.holder ?? null,
        ],
      );
      await db.query(
        'INSERT INTO documents (id, policy_id, name, kind) VALUES ($1, $2, $3, $4), ($5, $2, $6, $7)',
        [
          `DOC-${policy.id}-W`,
          policy.id,
          'Welcome letter',
          'WELCOME',
          `DOC-${policy.id}-S`,
          'Policy schedule',
          'SCHEDULE',
        ],
      );
    }
    for (const invoice of student.invoices) {
      await db.query(
        `INSERT INTO invoices (invoice_number, profile_id, policy_number, invoice_date, period_from, period_until,
          amount, outstanding) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          invoice.number,
          student.profile,
          invoice.policy,
          day(demoDay(today, invoice.date)),
          day(demoDay(today, invoice.from)),
          day(demoDay(today, invoice.until)),
          invoice.amount,
          invoice.open ? invoice.amount : 0,
        ],
      );
    }
    if (student.activated === false) {
      const token = await createToken(db, config, student.account, 'ACTIVATE');
      const link = `${config.publicOrigin}/en/activate/${token}/${encodeURIComponent(student.email)}`;
      const mail = linkMail(student.email, 'Activate your account', 'Welcome! Activate your account:', link);
      mails.push({ id: await mailer.store(mail, db), mail });
    }
  }
  for (const claim of demo.claims) {
    const [first] = claim.history;
    const last = claim.history[claim.history.length - 1];
    await db.query(
      `INSERT INTO claims (claim_number, profile_id, policy_number, category, incident_date, description, amount, iban,
        status, submitted_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        claim.number,
        claim.profile,
        claim.policy,
        claim.category,
        day(demoDay(today, claim.incident)),
        claim.description,
        claim.amount,
        'NL91ABNA0417164300',
        last?.status,
        first && demoMoment(today, first.at),
      ],
    );
    for (const step of claim.history) {
      await db.query('INSERT INTO claim_history (claim_number, status, at, reason) VALUES ($1, $2, $3, $4)', [
        claim.number,
        step.status,
        demoMoment(today, step.at),
        step.reason ?? null,
      ]);
    }
    const pdf = demoReceiptPdf(claim.description);
    const receiptId = `RCT-${claim.number.slice(-8)}00000001`;
    await db.query(
      `INSERT INTO claim_receipts (id, claim_number, profile_id, position, name, content_type, size)
       VALUES ($1, $2, $3, 0, $4, 'application/pdf', $5)`,
      [receiptId, claim.number, claim.profile, claim.receipt, pdf.length],
    );
    await db.query('INSERT INTO claim_receipt_chunks (receipt_id, seq, data) VALUES ($1, 0, $2)', [
      receiptId,
      pdf,
    ]);
  }
  for (const { postcode, street, city } of demo.postcodes) {
    for (let houseNumber = 1; houseNumber <= 20; houseNumber += 1) {
      await db.query('INSERT INTO postcodes (postcode, house_number, street, city) VALUES ($1, $2, $3, $4)', [
        postcode,
        houseNumber,
        street,
        city,
      ]);
    }
  }
  return mails;
}

/** Seeds when asked to (API_RESET=1) or when the database holds no accounts yet. */
export async function ensureSeeded(db: Db, config: Config, mailer: Mailer): Promise<boolean> {
  // A production database gets no demo accounts (their password is in the README) unless asked for.
  if (!config.seedDemo) return false;
  const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM accounts');
  if (config.reset || !row || row.count === 0) {
    await seed(db, config, mailer);
    return true;
  }
  return false;
}
