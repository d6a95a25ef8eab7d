import { policyRules } from '@portal/contract/domain';
import type { Policy, PolicyChangeReason, PolicyRulesInput } from '@portal/contract/domain';

/** A change the student can start from a policy card, in the order the card lists them. */
export type PolicyOffer = 'renew' | 'terminate' | 'startDate' | 'address' | 'paymentSettings';

const OFFERS: readonly PolicyOffer[] = ['renew', 'terminate', 'startDate', 'address', 'paymentSettings'];

/** Why a card offers no change at all. */
export type PolicyOffersNotice =
  'underReview' | 'applicationUnderReview' | 'disapproved' | 'institute' | 'expired' | 'cancelled';

/** Why the card cannot link to the payment settings (docs/requirements.md §6). */
export type PaymentLockNote = Extract<
  PolicyChangeReason,
  'paidByCreditCard' | 'paidByInstitute' | 'paidViaInstitution'
>;

/** What a policy card offers: the changes, or the one reason there are none. */
export type PolicyOffers = {
  offers: PolicyOffer[];
  /** Set exactly when there are no offers because of the policy's state or who arranged it. */
  notice?: PolicyOffersNotice;
  /** Set when other changes are offered but the payment settings are locked, and why. */
  paymentLock?: PaymentLockNote;
};

/** The policy fields the offers depend on. */
export type OfferPolicy = Pick<Policy, keyof PolicyRulesInput>;

const NOTICES: readonly PolicyChangeReason[] = [
  'underReview',
  'applicationUnderReview',
  'disapproved',
  'expired',
  'cancelled',
  'institute',
] satisfies PolicyOffersNotice[];

const isNotice = (reason: PolicyChangeReason | null): reason is PolicyOffersNotice =>
  reason !== null && NOTICES.includes(reason);

const isPaymentLock = (reason: PolicyChangeReason | null): reason is PaymentLockNote =>
  reason === 'paidByCreditCard' || reason === 'paidByInstitute' || reason === 'paidViaInstitution';

/**
 * Which changes a policy card offers: those the shared policy rules allow (`policyRules` of
 * `@portal/shared/domain`, the rules Profile, billing and the api apply too). When none is
 * allowed because of the policy's state or its institution, the card says so once.
 */
export function policyOffers(policy: OfferPolicy, today: Date = new Date()): PolicyOffers {
  const rules = policyRules(policy, today);
  const offers = OFFERS.filter((offer) => rules[offer] === null);
  if (offers.length === 0) {
    // The state first (it holds for every change), then the institution managing the policy.
    const notice = isNotice(rules.address) ? rules.address : undefined;
    return notice ? { offers, notice } : { offers };
  }
  return isPaymentLock(rules.paymentSettings) ? { offers, paymentLock: rules.paymentSettings } : { offers };
}
