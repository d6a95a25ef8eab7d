import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';

/** A mail to send; `links` are the actionable URLs it carries. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A plain mail with one link. */
export function linkMail(to: string, subject: string, intro: string, link: string): Mail {
  return {
    to,
    subject,
    text: `${intro}\n\n${link}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    links: [link],
  };
}

/** Stores the mail in the outbox and, when SMTP_URL is set, sends it. */
export async function sendMail(db: Db, config: Config, mail: Mail): Promise<void> {
  await db.query(
    `INSERT INTO outbox (id, recipient, subject, text_body, html_body, links, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [randomUUID(), mail.to, mail.subject, mail.text, mail.html, JSON.stringify(mail.links), config.now()],
  );
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    await transport.sendMail({
      from: 'Student Insurance <no-reply@example.com>',
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }
}

interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  links: string[];
  created_at: Date;
}

/** The outbox, newest first. */
export async function listOutbox(db: Db) {
  const rows = await db.query<OutboxRow>('SELECT * FROM outbox ORDER BY created_at DESC, seq DESC');
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    links: row.links,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
