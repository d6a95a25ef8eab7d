import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { BaseLogger } from 'pino';
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

/** Sender of every mail. */
export const MAIL_FROM = 'Student Insurance <no-reply@example.com>';

/** Delivery state kept in `outbox.delivery_status`. */
export type DeliveryStatus = 'OUTBOX_ONLY' | 'PENDING' | 'SENT' | 'FAILED';

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

/**
 * Stores mails in the outbox and, when SMTP_URL is set, sends them over SMTP in the background.
 * Storing is the part a request waits for; a slow or broken mail server never fails the request (nor
 * start-up): the failure is logged and kept in `outbox.delivery_status`.
 */
export interface Mailer {
  /** Stores the mail through `db` (the mailer's own, or a transaction) and returns its outbox id. */
  store(mail: Mail, db?: Db): Promise<string>;
  /** Sends a stored mail in the background (nothing to do without SMTP_URL). Never throws. */
  deliver(id: string, mail: Mail): void;
  /** `store`, then `deliver`. */
  send(mail: Mail): Promise<void>;
  /** Resolves when every delivery started so far has finished, whether sent or failed. */
  idle(): Promise<void>;
  /** Waits for running deliveries, then closes the SMTP transport. */
  close(): Promise<void>;
}

/** Where delivery outcomes are reported. */
export type MailLogger = Pick<BaseLogger, 'error' | 'info'>;

/** A mailer with one SMTP transport (created once, reused for every mail). */
export function createMailer(db: Db, config: Config, logger: MailLogger): Mailer {
  const transport: Transporter | undefined = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : undefined;
  const running = new Set<Promise<void>>();

  async function record(id: string, status: DeliveryStatus, error: string | null): Promise<void> {
    try {
      await db.query('UPDATE outbox SET delivery_status = $2, delivery_error = $3 WHERE id = $1', [
        id,
        status,
        error,
      ]);
    } catch (err) {
      logger.error({ err, mailId: id, status }, 'Could not record the mail delivery status');
    }
  }

  async function send(id: string, mail: Mail, smtp: Transporter): Promise<void> {
    try {
      await smtp.sendMail({
        from: MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await record(id, 'SENT', null);
    } catch (err) {
      // The recipient is left out of the log on purpose; the outbox row has it.
      logger.error({ err, mailId: id }, 'Mail delivery over SMTP failed; the mail stays in the outbox');
      await record(id, 'FAILED', err instanceof Error ? err.message : String(err));
    }
  }

  const mailer: Mailer = {
    async store(mail, target = db) {
      const id = randomUUID();
      await target.query(
        `INSERT INTO outbox (id, recipient, subject, text_body, html_body, links, created_at, delivery_status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          id,
          mail.to,
          mail.subject,
          mail.text,
          mail.html,
          JSON.stringify(mail.links),
          config.now(),
          transport ? 'PENDING' : 'OUTBOX_ONLY',
        ],
      );
      return id;
    },
    deliver(id, mail) {
      if (!transport) return;
      const delivery = send(id, mail, transport).finally(() => running.delete(delivery));
      running.add(delivery);
    },
    async send(mail) {
      mailer.deliver(await mailer.store(mail), mail);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    async close() {
      await mailer.idle();
      transport?.close();
    },
  };
  return mailer;
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
