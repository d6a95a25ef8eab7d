import type { Mail } from './outbox.js';

/** Where a visitor's claim stands with the policyholder. */
export type HolderDecision = 'PENDING' | 'CONFIRMED' | 'REFUSED';

/** What the policyholder sees of a visitor's claim before she decides: nothing the visitor wrote freely. */
export interface ClaimForConfirmation {
  claimNumber: string;
  policyNumber: string;
  category: string;
  incidentDate: string;
  amount: number;
  /** Masked: country, check digits and the last four characters. */
  iban: string;
  submittedAt: string;
  decision: HolderDecision;
}

/** The page of the mailed link (a token page: its secret is never logged). */
export const CONFIRM_CLAIM_PAGE = '/en/confirm-claim';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The mail to the policyholder at the moment a visitor files a claim on her policy: what was claimed and
 * to which account, and the link to confirm or refuse it. The visitor's description is not quoted: only
 * the fields the api checked (the category is one of a list, the IBAN is masked).
 */
export function visitorClaimMail(
  to: string,
  claim: Omit<ClaimForConfirmation, 'decision'>,
  link: string,
): Mail {
  const amount = `EUR ${claim.amount.toFixed(2)}`;
  const intro =
    `A claim was filed on your policy ${claim.policyNumber} without logging in: claim ${claim.claimNumber}, ` +
    `${amount} for an incident on ${claim.incidentDate}, to be paid to the account ${claim.iban}.`;
  const rule =
    'We handle the claim, and pay to that account, only once you confirm it. If you did not file it and did ' +
    'not ask anyone to, refuse it: it is then closed.';
  const action = 'Confirm or refuse the claim:';
  return {
    to,
    subject: 'Confirm the claim filed on your policy',
    text: `${intro}\n\n${rule}\n\n${action}\n${link}\n`,
    html:
      `<p>${escapeHtml(intro)}</p><p>${escapeHtml(rule)}</p>` +
      `<p>${escapeHtml(action)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    links: [link],
  };
}
