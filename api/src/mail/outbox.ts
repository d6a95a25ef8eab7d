import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { BaseLogger } from 'pino';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { escapeHtml } from '../html.js';
import { createJobQueue, QUEUES } from '../jobs/job-queue.js';
import type { JobQueue, JobRun, QueueName, QueueSettings } from '../jobs/job-queue.js';

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

/** Delivery state kept in `outbox.delivery_status`: PENDING until sent, also between tries. */
export type DeliveryStatus = 'OUTBOX_ONLY' | 'PENDING' | 'SENT' | 'FAILED';

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
 * Stores mails in the outbox and, when SMTP_URL is set, has them sent over SMTP by the job queue: the
 * delivery job is stored in the same transaction as the mail, so a mail that a request stored is sent
 * even if this process stops right after, by this process or another. A slow or broken mail server
 * never fails a request (nor start-up): a failed delivery is tried again with a growing delay, and a
 * mail that still fails is kept as FAILED in `outbox.delivery_status`, with the error, for ops to see.
 */
export interface Mailer {
  /**
   * Stores the mail through `db` (the mailer's own, or a transaction, which then decides whether the
   * mail exists) and returns its outbox id. `sourceJob` names the job that wrote it, so that a job run
   * twice stores it once.
   */
  store(mail: Mail, db?: Db, sourceJob?: string): Promise<string>;
  /** Sends what was stored at once, after the transaction that stored it has committed. Never throws. */
  wake(): void;
  /** `store` on its own, then `wake`. */
  send(mail: Mail): Promise<void>;
  /** The job queue the mails go through (and that other mail work may use). */
  jobs: JobQueue;
  /** Resolves when every job due so far has run: mails sent, or failed for now. */
  idle(): Promise<void>;
  /** Waits for running jobs, then stops the queue and closes the SMTP transport. */
  close(): Promise<void>;
}

/** Where delivery outcomes are reported. */
export type MailLogger = Pick<BaseLogger, 'error' | 'info' | 'warn'>;

interface StoredMail {
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  delivery_status: DeliveryStatus;
}

/** The job queue's settings: how often a mail is tried, from the configuration. */
export function queueSettings(config: Config): Record<QueueName, QueueSettings> {
  return {
    [QUEUES.passwordReset]: { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: config.jobExpireSeconds },
    [QUEUES.mailDelivery]: {
      retryLimit: config.mailRetries,
      retryDelaySeconds: config.mailRetryDelaySeconds,
      expireInSeconds: config.jobExpireSeconds,
    },
  };
}

/** A mailer with one SMTP transport (created once, reused for every mail). */
export function createMailer(db: Db, config: Config, logger: MailLogger): Mailer {
  const transport: Transporter | undefined = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : undefined;
  const jobs = createJobQueue(db, logger, queueSettings(config));

  async function record(id: string, status: DeliveryStatus, error: string | null): Promise<void> {
    await db.query('UPDATE outbox SET delivery_status = $2, delivery_error = $3 WHERE id = $1', [
      id,
      status,
      error,
    ]);
  }

  async function deliver(smtp: Transporter, { data, lastTry }: JobRun<{ mailId: string }>): Promise<void> {
    const [mail] = await db.query<StoredMail>(
      'SELECT recipient, subject, text_body, html_body, delivery_status FROM outbox WHERE id = $1',
      [data.mailId],
    );
    // Gone (the demo data was reloaded) or sent by an earlier run of this job.
    if (!mail || mail.delivery_status === 'SENT') return;
    try {
      await smtp.sendMail({
        from: MAIL_FROM,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
      });
    } catch (err) {
      // The recipient is left out of the log on purpose; the outbox row has it.
      if (lastTry)
        logger.error(
          { err, mailId: data.mailId },
          'Mail delivery over SMTP failed; the mail stays in the outbox',
        );
      else
        logger.warn({ err, mailId: data.mailId }, 'Mail delivery over SMTP failed; it will be tried again');
      await record(
        data.mailId,
        lastTry ? 'FAILED' : 'PENDING',
        err instanceof Error ? err.message : String(err),
      );
      // The queue retries; what it keeps of the error names no address.
      throw new Error('SMTP delivery failed');
    }
    await record(data.mailId, 'SENT', null);
  }

  if (transport) {
    jobs
      .work<{ mailId: string }>(QUEUES.mailDelivery, (job) => deliver(transport, job))
      .catch((err: unknown) => logger.error({ err }, 'The mail delivery worker could not start'));
  }

  const mailer: Mailer = {
    async store(mail, target = db, sourceJob) {
      const id = randomUUID();
      await target.query(
        `INSERT INTO outbox (id, recipient, subject, text_body, html_body, links, created_at, delivery_status, source_job)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          id,
          mail.to,
          mail.subject,
          mail.text,
          mail.html,
          JSON.stringify(mail.links),
          config.now(),
          transport ? 'PENDING' : 'OUTBOX_ONLY',
          sourceJob ?? null,
        ],
      );
      if (transport) await jobs.send(QUEUES.mailDelivery, { mailId: id }, target);
      return id;
    },
    wake() {
      jobs.wake(QUEUES.mailDelivery);
    },
    async send(mail) {
      await db.transaction((tx) => mailer.store(mail, tx));
      mailer.wake();
    },
    jobs,
    idle: () => jobs.idle(),
    async close() {
      await jobs.stop();
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
