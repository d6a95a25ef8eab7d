import { addDays, addHours, format, subDays } from 'date-fns';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { hashPassword } from '../auth/passwords.js';
import { createToken } from '../auth/tokens.js';
import { linkMail } from '../mail/outbox.js';
import type { Mail, Mailer } from '../mail/outbox.js';

/** Password of every demo account. */
export const DEMO_PASSWORD = 'Portal-Demo-2026!';

/** Postcodes known to the address lookup: house numbers 1..20 of each. */
export const DEMO_POSTCODES = [
  { postcode: '1012AB', street: 'Dam', city: 'Amsterdam' },
  { postcode: '3011AD', street: 'Coolsingel', city: 'Rotterdam' },
  { postcode: '2513AA', street: 'Binnenhof', city: 'Den Haag' },
  { postcode: '3512JE', street: 'Domplein', city: 'Utrecht' },
  { postcode: '9712CP', street: 'Grote Markt', city: 'Groningen' },
] as const;

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

interface DemoPolicy {
  id: string;
  number?: string;
  application?: string;
  type: 'TRAVEL' | 'HEALTH' | 'STAY';
  coverage: string;
  destination: string;
  start: Date;
  end: Date;
  status: string;
  editable: boolean;
  renewable: boolean;
  cancelledFromStart?: boolean;
  amount: number;
  term: string;
  method: string;
  iban?: string;
  bic?: string;
  holder?: string;
  address?: Record<string, string>;
}

interface DemoStudent {
  account: string;
  profile: string;
  email: string;
  gender: string;
  firstName: string;
  surname: string;
  birthDate: string;
  origin: string;
  nationality: string;
  customerType: 'INDIVIDUAL' | 'INSTITUTE' | 'INSTITUTE_STUDENT_PAYS';
  editable: boolean;
  activated?: boolean;
  blocked?: boolean;
  institution?: { name: string; faculty: string; study: string };
  policies: DemoPolicy[];
  invoices: {
    number: string;
    policy: string;
    date: Date;
    from: Date;
    until: Date;
    amount: number;
    open: boolean;
  }[];
}

const day = (date: Date) => format(date, 'yyyy-MM-dd');

interface DemoClaim {
  number: string;
  profile: string;
  policy: string;
  category: 'CLAIMS' | 'FINANCIAL' | 'COVERAGE';
  incident: Date;
  description: string;
  amount: number;
  /** Each step reached, oldest first; the last is the claim's status. */
  history: { status: string; at: Date; reason?: string }[];
  receipt: string;
}

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

/** Chen's claims: one in each status, so the claims page shows every step of the timeline. */
function demoClaims(today: Date): DemoClaim[] {
  const at = (days: number, hours = 10) => addHours(subDays(today, days), hours - today.getHours());
  const base = { profile: 'P-1003', category: 'CLAIMS' as const };
  return [
    {
      ...base,
      number: 'CLM-2026-0000C001',
      policy: 'HE-2026-100301',
      incident: subDays(today, 3),
      description: 'Pharmacy: antibiotics after a throat infection',
      amount: 38.4,
      history: [{ status: 'RECEIVED', at: at(2) }],
      receipt: 'pharmacy-receipt.pdf',
    },
    {
      ...base,
      number: 'CLM-2026-0000C002',
      policy: 'HE-2026-100301',
      incident: subDays(today, 12),
      description: 'GP visit for a sprained ankle',
      amount: 65,
      history: [
        { status: 'RECEIVED', at: at(10) },
        { status: 'IN_REVIEW', at: at(8) },
      ],
      receipt: 'gp-invoice.pdf',
    },
    {
      ...base,
      number: 'CLM-2026-0000C003',
      policy: 'HE-2026-100301',
      category: 'COVERAGE',
      incident: subDays(today, 25),
      description: 'Physiotherapy, three sessions',
      amount: 142.5,
      history: [
        { status: 'RECEIVED', at: at(22) },
        { status: 'IN_REVIEW', at: at(20) },
        { status: 'APPROVED', at: at(15) },
      ],
      receipt: 'physiotherapy.pdf',
    },
    {
      ...base,
      number: 'CLM-2025-0000C004',
      policy: 'HE-2025-100304',
      category: 'FINANCIAL',
      incident: subDays(today, 120),
      description: 'Cosmetic dental treatment',
      amount: 480,
      history: [
        { status: 'RECEIVED', at: at(115) },
        { status: 'IN_REVIEW', at: at(112) },
        { status: 'REJECTED', at: at(105), reason: 'NOT_COVERED' },
      ],
      receipt: 'dentist.pdf',
    },
    {
      ...base,
      number: 'CLM-2025-0000C005',
      policy: 'HE-2025-100304',
      incident: subDays(today, 200),
      description: 'Emergency room visit after a fall',
      amount: 310.75,
      history: [
        { status: 'RECEIVED', at: at(195) },
        { status: 'IN_REVIEW', at: at(193) },
        { status: 'APPROVED', at: at(188) },
        { status: 'PAID', at: at(183) },
      ],
      receipt: 'emergency-room.pdf',
    },
  ];
}

function students(today: Date): DemoStudent[] {
  const amsterdam = {
    postalCode: '1012AB',
    houseNumber: '1',
    street: 'Dam',
    city: 'Amsterdam',
    country: 'NL',
  };
  const uni = { name: 'University of Amsterdam', faculty: 'Science', study: 'Computer Science' };
  const chenBase = {
    type: 'HEALTH' as const,
    coverage: 'Health Basic',
    destination: 'NL',
    editable: false,
    renewable: false,
    amount: 480,
    term: 'YEARLY',
    method: 'CREDITCARD',
  };
  return [
    {
      account: 'A-1001',
      profile: 'P-1001',
      email: 'anna.devries@example.com',
      gender: 'FEMALE',
      firstName: 'Anna',
      surname: 'de Vries',
      birthDate: '2003-04-12',
      origin: 'BE',
      nationality: 'BE',
      customerType: 'INDIVIDUAL',
      editable: true,
      policies: [
        {
          id: 'POL-1001-T',
          number: 'TR-2026-100101',
          type: 'TRAVEL',
          coverage: 'Travel Plus',
          destination: 'NL',
          start: subDays(today, 60),
          end: addDays(today, 305),
          status: 'ACTIVE',
          editable: true,
          renewable: true,
          amount: 240,
          term: 'MONTHLY',
          method: 'DIRECT_DEBIT',
          iban: 'NL91ABNA0417164300',
          bic: 'ABNANL2A',
          holder: 'A. de Vries',
          address: amsterdam,
        },
        {
          id: 'POL-1001-H',
          number: 'HE-2026-100102',
          type: 'HEALTH',
          coverage: 'Health Complete',
          destination: 'NL',
          start: subDays(today, 60),
          end: addDays(today, 305),
          status: 'ACTIVE',
          editable: true,
          renewable: true,
          amount: 780,
          term: 'MONTHLY',
          method: 'DIRECT_DEBIT',
          iban: 'NL91ABNA0417164300',
          bic: 'ABNANL2A',
          holder: 'A. de Vries',
          address: amsterdam,
        },
        {
          id: 'POL-1001-S',
          number: 'ST-2026-100103',
          type: 'STAY',
          coverage: 'Stay Essential',
          destination: 'NL',
          start: addDays(today, 10),
          end: addDays(today, 374),
          status: 'NOT_ACTIVE',
          editable: true,
          renewable: false,
          amount: 360,
          term: 'QUARTERLY',
          method: 'BANK_TRANSFER',
          address: amsterdam,
        },
      ],
      invoices: [
        {
          number: 'INV-100101',
          policy: 'TR-2026-100101',
          date: subDays(today, 58),
          from: subDays(today, 60),
          until: subDays(today, 31),
          amount: 20,
          open: false,
        },
        {
          number: 'INV-100102',
          policy: 'HE-2026-100102',
          date: subDays(today, 58),
          from: subDays(today, 60),
          until: subDays(today, 31),
          amount: 65,
          open: false,
        },
        {
          number: 'INV-100103',
          policy: 'TR-2026-100101',
          date: subDays(today, 28),
          from: subDays(today, 30),
          until: subDays(today, 1),
          amount: 20,
          open: true,
        },
        {
          number: 'INV-100104',
          policy: 'HE-2026-100102',
          date: subDays(today, 28),
          from: subDays(today, 30),
          until: subDays(today, 1),
          amount: 65,
          open: true,
        },
      ],
    },
    {
      account: 'A-1002',
      profile: 'P-1002',
      email: 'ben.okafor@example.com',
      gender: 'MALE',
      firstName: 'Ben',
      surname: 'Okafor',
      birthDate: '2001-09-30',
      origin: 'NG',
      nationality: 'NG',
      customerType: 'INSTITUTE',
      editable: false,
      institution: uni,
      policies: [
        {
          id: 'POL-1002-H',
          number: 'HE-2026-100201',
          type: 'HEALTH',
          coverage: 'Health Institute',
          destination: 'NL',
          start: subDays(today, 120),
          end: addDays(today, 245),
          status: 'ACTIVE',
          editable: false,
          renewable: false,
          amount: 900,
          term: 'AT_ONCE',
          method: 'BANK_TRANSFER',
        },
      ],
      invoices: [],
    },
    {
      account: 'A-1003',
      profile: 'P-1003',
      email: 'chen.li@example.com',
      gender: 'UNDEFINED',
      firstName: 'Chen',
      surname: 'Li',
      birthDate: '2002-02-02',
      origin: 'CN',
      nationality: 'CN',
      customerType: 'INSTITUTE_STUDENT_PAYS',
      editable: true,
      institution: uni,
      policies: [
        {
          ...chenBase,
          id: 'POL-1003-1',
          number: 'HE-2026-100301',
          status: 'ACTIVE',
          start: subDays(today, 30),
          end: addDays(today, 335),
        },
        {
          ...chenBase,
          id: 'POL-1003-2',
          number: 'HE-2026-100302',
          status: 'UNDER_REVIEW',
          start: subDays(today, 30),
          end: addDays(today, 335),
        },
        {
          ...chenBase,
          id: 'POL-1003-3',
          number: 'TR-2026-100303',
          type: 'TRAVEL',
          coverage: 'Travel Basic',
          status: 'NOT_ACTIVE',
          start: addDays(today, 20),
          end: addDays(today, 200),
        },
        {
          ...chenBase,
          id: 'POL-1003-4',
          number: 'HE-2025-100304',
          status: 'EXPIRED',
          start: subDays(today, 400),
          end: subDays(today, 35),
        },
        {
          ...chenBase,
          id: 'POL-1003-5',
          number: 'ST-2025-100305',
          type: 'STAY',
          coverage: 'Stay Essential',
          status: 'CANCELLED',
          cancelledFromStart: true,
          start: subDays(today, 200),
          end: addDays(today, 165),
        },
        {
          ...chenBase,
          id: 'POL-1003-6',
          number: 'TR-2026-100306',
          type: 'TRAVEL',
          coverage: 'Travel Plus',
          status: 'DISAPPROVED',
          start: addDays(today, 5),
          end: addDays(today, 95),
        },
        {
          ...chenBase,
          id: 'POL-1003-7',
          application: 'APP-2026-100307',
          status: 'UNDER_REVIEW_NEW',
          start: addDays(today, 336),
          end: addDays(today, 700),
        },
      ],
      invoices: [
        {
          number: 'INV-100301',
          policy: 'HE-2026-100301',
          date: subDays(today, 29),
          from: subDays(today, 30),
          until: addDays(today, 335),
          amount: 480,
          open: false,
        },
        {
          number: 'INV-100302',
          policy: 'HE-2026-100302',
          date: subDays(today, 5),
          from: subDays(today, 30),
          until: addDays(today, 335),
          amount: 480,
          open: true,
        },
      ],
    },
    {
      // Insured through her university but paying herself: her policy is hers to change (editable),
      // except how she pays, which runs through the institution (docs/requirements.md §6).
      account: 'A-1006',
      profile: 'P-1006',
      email: 'sofia.rossi@example.com',
      gender: 'FEMALE',
      firstName: 'Sofia',
      surname: 'Rossi',
      birthDate: '2003-11-05',
      origin: 'IT',
      nationality: 'IT',
      customerType: 'INSTITUTE_STUDENT_PAYS',
      editable: true,
      institution: uni,
      policies: [
        {
          id: 'POL-1006-H',
          number: 'HE-2026-100601',
          type: 'HEALTH',
          coverage: 'Health Complete',
          destination: 'NL',
          start: addDays(today, 20),
          end: addDays(today, 384),
          status: 'NOT_ACTIVE',
          editable: true,
          renewable: false,
          amount: 780,
          term: 'MONTHLY',
          method: 'DIRECT_DEBIT',
          iban: 'NL91ABNA0417164300',
          bic: 'ABNANL2A',
          holder: 'S. Rossi',
          address: amsterdam,
        },
      ],
      invoices: [],
    },
    {
      // Pays himself, one Health policy: the journeys that put a policy under review use his, so they
      // never take from the renewals and terminations tried on anna's.
      account: 'A-1007',
      profile: 'P-1007',
      email: 'lucas.moreau@example.com',
      gender: 'MALE',
      firstName: 'Lucas',
      surname: 'Moreau',
      birthDate: '2002-02-14',
      origin: 'FR',
      nationality: 'FR',
      customerType: 'INDIVIDUAL',
      editable: true,
      policies: [
        {
          id: 'POL-1007-H',
          number: 'HE-2026-100701',
          type: 'HEALTH',
          coverage: 'Health Complete',
          destination: 'NL',
          start: subDays(today, 30),
          end: addDays(today, 335),
          status: 'ACTIVE',
          editable: true,
          renewable: true,
          amount: 780,
          term: 'MONTHLY',
          method: 'DIRECT_DEBIT',
          iban: 'NL91ABNA0417164300',
          bic: 'ABNANL2A',
          holder: 'L. Moreau',
          address: amsterdam,
        },
      ],
      invoices: [],
    },
    {
      account: 'A-1004',
      profile: 'P-1004',
      email: 'blocked.user@example.com',
      gender: 'MALE',
      firstName: 'Blocked',
      surname: 'User',
      birthDate: '2000-01-01',
      origin: 'DE',
      nationality: 'DE',
      customerType: 'INDIVIDUAL',
      editable: true,
      blocked: true,
      policies: [],
      invoices: [],
    },
    {
      account: 'A-1005',
      profile: 'P-1005',
      email: 'new.student@example.com',
      gender: 'FEMALE',
      firstName: 'Nora',
      surname: 'Student',
      birthDate: '2004-06-06',
      origin: 'FR',
      nationality: 'FR',
      customerType: 'INDIVIDUAL',
      editable: true,
      activated: false,
      policies: [],
      invoices: [],
    },
  ];
}

/**
 * Empties every table and loads the demo data (dates relative to `config.now()`) in one transaction,
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
  await db.query(`TRUNCATE ${TABLES.join(', ')}`);
  for (const student of students(config.now())) {
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
          day(policy.start),
          day(policy.end),
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
          day(invoice.date),
          day(invoice.from),
          day(invoice.until),
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
  for (const claim of demoClaims(config.now())) {
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
        day(claim.incident),
        claim.description,
        claim.amount,
        'NL91ABNA0417164300',
        last?.status,
        first?.at,
      ],
    );
    for (const step of claim.history) {
      await db.query('INSERT INTO claim_history (claim_number, status, at, reason) VALUES ($1, $2, $3, $4)', [
        claim.number,
        step.status,
        step.at,
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
  for (const { postcode, street, city } of DEMO_POSTCODES) {
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
