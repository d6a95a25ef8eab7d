CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  activated BOOLEAN NOT NULL DEFAULT TRUE,
  blocked BOOLEAN NOT NULL DEFAULT FALSE,
  failed_logins INTEGER NOT NULL DEFAULT 0,
  locked_until TIMESTAMPTZ
);

CREATE TABLE profiles (
  profile_id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  gender TEXT NOT NULL,
  first_name TEXT NOT NULL,
  surname TEXT NOT NULL,
  birth_date DATE NOT NULL,
  country_of_origin TEXT NOT NULL,
  nationality TEXT NOT NULL,
  editable BOOLEAN NOT NULL,
  customer_type TEXT NOT NULL
);

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  last_seen TIMESTAMPTZ NOT NULL
);

CREATE TABLE account_tokens (
  token TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  new_email TEXT,
  expires_at TIMESTAMPTZ NOT NULL,
  used BOOLEAN NOT NULL DEFAULT FALSE
);

CREATE TABLE policies (
  policy_id TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL REFERENCES profiles(profile_id),
  policy_number TEXT,
  application_number TEXT,
  insurance_type TEXT NOT NULL,
  coverage TEXT NOT NULL,
  destination TEXT NOT NULL,
  start_date DATE NOT NULL,
  end_date DATE NOT NULL,
  cancelled_from_start BOOLEAN NOT NULL DEFAULT FALSE,
  status TEXT NOT NULL,
  editable BOOLEAN NOT NULL,
  renewable BOOLEAN NOT NULL,
  individual BOOLEAN NOT NULL,
  customer_type TEXT NOT NULL,
  institution TEXT,
  faculty TEXT,
  study TEXT,
  destination_address JSONB,
  total_amount NUMERIC(10, 2) NOT NULL,
  payment_term TEXT NOT NULL,
  payment_method TEXT NOT NULL,
  iban TEXT,
  bic TEXT,
  account_holder TEXT,
  pending_change JSONB,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE documents (
  id TEXT PRIMARY KEY,
  policy_id TEXT NOT NULL REFERENCES policies(policy_id),
  name TEXT NOT NULL,
  kind TEXT NOT NULL
);

CREATE TABLE invoices (
  invoice_number TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL REFERENCES profiles(profile_id),
  policy_number TEXT NOT NULL,
  invoice_date DATE NOT NULL,
  period_from DATE NOT NULL,
  period_until DATE NOT NULL,
  amount NUMERIC(10, 2) NOT NULL,
  outstanding NUMERIC(10, 2) NOT NULL
);

CREATE TABLE payments (
  ref TEXT PRIMARY KEY,
  invoice_number TEXT NOT NULL REFERENCES invoices(invoice_number),
  method TEXT NOT NULL,
  return_url TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'PENDING'
);

CREATE TABLE claims (
  claim_number TEXT PRIMARY KEY,
  profile_id TEXT NOT NULL REFERENCES profiles(profile_id),
  policy_number TEXT NOT NULL,
  category TEXT NOT NULL,
  incident_date DATE NOT NULL,
  description TEXT NOT NULL,
  amount NUMERIC(10, 2) NOT NULL,
  iban TEXT NOT NULL,
  receipts JSONB NOT NULL,
  status TEXT NOT NULL,
  submitted_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE requests (
  application_number TEXT PRIMARY KEY,
  body JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE contact_requests (
  id TEXT PRIMARY KEY,
  body JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE outbox (
  id TEXT PRIMARY KEY,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT NOT NULL,
  links JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  seq SERIAL
);

CREATE TABLE postcodes (
  postcode TEXT NOT NULL,
  house_number INTEGER NOT NULL,
  street TEXT NOT NULL,
  city TEXT NOT NULL,
  PRIMARY KEY (postcode, house_number)
);
