import { parseWireDate } from '@portal/shared/validation';
import type { Policy } from '@portal/shared/domain';

/** A change the student can start from a policy card, in the order the card lists them. */
export type PolicyOffer = 'renew' | 'terminate' | 'startDate' | 'address' | 'paymentSettings';

/** Why a card offers no change at all. */
export type PolicyOffersNotice = 'underReview' | 'disapproved' | 'institute' | 'expired' | 'cancelled';

/** What a policy card offers: the changes, or the one reason there are none. */
export type PolicyOffers = {
  offers: PolicyOffer[];
  /** Set exactly when there are no offers because of the policy's state or who arranged it. */
  notice?: PolicyOffersNotice;
};

/** The policy fields the offers depend on. */
export type OfferPolicy = Pick<
  Policy,
  'status' | 'editable' | 'renewable' | 'customerType' | 'paymentMethod' | 'startDate'
>;

function startsAfter(policy: OfferPolicy, today: Date): boolean {
  const start = parseWireDate(policy.startDate);
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return start !== null && start.getTime() > day.getTime();
}

/**
 * Which changes a policy offers (SPEC.md §2, §4, §6). A policy under review offers nothing until
 * approval; a disapproved, expired or cancelled one has nothing left to change; one the institution
 * arranged is changed through the institution. Otherwise: renew while the backend says it is
 * renewable, terminate or shorten and a new address while it is editable, a new start date only
 * before it starts, and payment settings unless it is paid by credit card.
 */
export function policyOffers(policy: OfferPolicy, today: Date = new Date()): PolicyOffers {
  switch (policy.status) {
    case 'UNDER_REVIEW':
    case 'UNDER_REVIEW_NEW':
      return { offers: [], notice: 'underReview' };
    case 'DISAPPROVED':
      return { offers: [], notice: 'disapproved' };
    case 'EXPIRED':
      return { offers: [], notice: 'expired' };
    case 'CANCELLED':
      return { offers: [], notice: 'cancelled' };
    case 'ACTIVE':
    case 'NOT_ACTIVE':
      break;
  }
  // Both institute kinds: the institution arranged the policy, even when the student pays it.
  if (policy.customerType !== 'INDIVIDUAL') return { offers: [], notice: 'institute' };
  const offers: PolicyOffer[] = [];
  if (policy.renewable) offers.push('renew');
  if (policy.editable) {
    offers.push('terminate');
    if (startsAfter(policy, today)) offers.push('startDate');
    offers.push('address');
  }
  if (policy.paymentMethod !== 'CREDITCARD') offers.push('paymentSettings');
  return { offers };
}
