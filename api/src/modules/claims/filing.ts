import { randomBytes } from 'node:crypto';
import { normalizeIban, parseClaimAmount } from '@portal/contract/validation';
import type { claimSchema } from '@portal/contract/validation';
import type * as v from 'valibot';
import { randomToken } from '../../auth/passwords.js';
import { hashLinkToken } from '../../auth/tokens.js';
import { errors } from '../../errors.js';
import type { RouteContext } from '../../http/context.js';
import { mailLanguage } from '../../mail/templates.js';
import { claimMailRecipient, claimReceivedMail } from './mails.js';
import type { UploadedReceipt } from './receipt-files.js';
import * as store from './store.js';
import { CONFIRM_CLAIM_PAGE, visitorClaimMail } from './visitor-mail.js';
import { maskIban } from './wire.js';

function serial(prefix: string): string {
  return `${prefix}-${new Date().getFullYear()}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * Files a checked claim against `profileId`'s policy, with the receipts already stored; its number. A
 * visitor's claim waits for the policyholder: it is stored PENDING with the hash of the mailed link's
 * token, and the mail (`visitor.mail`) is stored in the same transaction, so no such claim exists
 * without its mail.
 */
export async function fileClaim(
  { db, config, mailer }: Pick<RouteContext, 'db' | 'config' | 'mailer'>,
  profileId: string,
  body: v.InferOutput<ReturnType<typeof claimSchema>>,
  uploaded: readonly UploadedReceipt[],
  visitor?: { holderEmail: string },
): Promise<string> {
  const claimNumber = serial('CLM');
  const submittedAt = config.now();
  const token = visitor ? randomToken() : null;
  await db.transaction(async (tx) => {
    await store.insertClaim(tx, {
      claimNumber,
      profileId,
      policyNumber: body.policyNumber,
      category: body.category,
      incidentDate: body.incidentDate,
      description: body.description,
      amount: parseClaimAmount(body.amount),
      iban: normalizeIban(body.iban),
      submittedAt,
      filedBy: visitor ? 'visitor' : 'student',
      confirmationTokenHash: token ? hashLinkToken(token) : null,
    });
    if (visitor && token) {
      const link = `${config.publicOrigin}${CONFIRM_CLAIM_PAGE}/${token}`;
      const claim = {
        claimNumber,
        policyNumber: body.policyNumber,
        category: body.category,
        incidentDate: body.incidentDate,
        amount: parseClaimAmount(body.amount),
        iban: maskIban(normalizeIban(body.iban)),
        submittedAt: submittedAt.toISOString(),
      };
      // In the policyholder's language, as every mail to her.
      const language = mailLanguage(await store.mailLanguageOf(tx, profileId));
      await mailer.store(visitorClaimMail(visitor.holderEmail, language, claim, link), tx);
    } else {
      // The student's own claim: the "received" mail, in her language, unless she turned claim mails off.
      const recipient = await claimMailRecipient(tx, profileId);
      if (recipient?.claimMails) {
        const amount = parseClaimAmount(body.amount);
        await mailer.store(
          claimReceivedMail(
            recipient.email,
            recipient.language,
            { claimNumber, amount, submittedAt },
            config.publicOrigin,
          ),
          tx,
        );
      }
    }
    await store.addHistory(tx, claimNumber, 'RECEIVED', submittedAt);
    if (uploaded.length > 0) {
      // In the order given; a receipt another claim has just taken is not taken twice.
      const ids = uploaded.map((receipt) => receipt.id);
      if ((await store.takeReceipts(tx, claimNumber, profileId, ids)) !== ids.length)
        throw errors.validation([{ field: 'receipts', code: 'validation.files.upload' }]);
    }
  });
  return claimNumber;
}
