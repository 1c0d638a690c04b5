import type { MessageKey } from '../i18n/types';
import { type ActionKind, actionStanding } from './definitions';

const PHONE: Record<string, MessageKey> = {
  busy: 'actions.timeline.phoneBusy',
  'no-answer': 'actions.timeline.phoneNoAnswer',
  failed: 'actions.timeline.phoneFailed',
};

const DONATION: Record<string, MessageKey> = {
  refused: 'actions.timeline.donationRefused',
  failed: 'actions.timeline.donationFailed',
  chargedback: 'actions.timeline.donationChargedback',
};

/**
 * How a person's profile words one of their actions in its state (`{amount}` for a donation): a paid donation is
 * 'Doou R$ 50,00', a refused one 'Tentativa de doação recusada — R$ 50,00', never a gift; a call that did not reach
 * its target says why.
 */
export function timelineKey(kind: ActionKind, state?: string | null): MessageKey {
  const standing = actionStanding(kind, state);
  if (kind === 'form') return 'actions.timeline.form';
  if (kind === 'pressure') return 'actions.timeline.pressure';
  if (kind === 'pressure-phone') {
    if (standing === 'counted') return 'actions.timeline.phoneCompleted';
    return (state && PHONE[state]) || 'actions.timeline.phonePending';
  }
  if (standing === 'counted') return 'actions.timeline.donationPaid';
  if (standing === 'pending') return 'actions.timeline.donationPending';
  if (standing === 'returned') return (state && DONATION[state]) || 'actions.timeline.donationRefunded';
  return (state && DONATION[state]) || 'actions.timeline.donationRefused';
}
