import { describe, expect, it } from 'vitest';
import { translate } from '../i18n';
import {
  ACTION_DEFINITIONS,
  ACTION_KINDS,
  actionStanding,
  CALL_STANDINGS,
  countedStates,
  countsAsAction,
  DONATION_STANDINGS,
} from './definitions';
import { timelineKey } from './timeline';

describe('what counts as an action', () => {
  it('every form entry and every e-mail pressure counts, whatever is stored', () => {
    expect(countsAsAction('form')).toBe(true);
    expect(countsAsAction('pressure', null)).toBe(true);
    expect(countedStates('form')).toEqual([]);
  });

  it('a donation counts only once paid: refused and failed are attempts, pending is not yet, refunded no longer', () => {
    expect(countedStates('donation')).toEqual(['paid']);
    expect(actionStanding('donation', 'paid')).toBe('counted');
    for (const state of ['refused', 'failed']) expect(actionStanding('donation', state)).toBe('attempt');
    for (const state of ['processing', 'pending', 'waiting_payment', 'authorized'])
      expect(actionStanding('donation', state)).toBe('pending');
    for (const state of ['refunded', 'pending_refund', 'chargedback'])
      expect(actionStanding('donation', state)).toBe('returned');
  });

  it('a phone pressure is a completed call; busy, unanswered and failed calls are attempts', () => {
    expect(countedStates('pressure-phone')).toEqual(['completed']);
    for (const state of ['busy', 'no-answer', 'failed'])
      expect(actionStanding('pressure-phone', state)).toBe('attempt');
    for (const state of ['initiated', 'ringing', 'in-progress'])
      expect(actionStanding('pressure-phone', state)).toBe('pending');
  });

  it('a state nobody knows is never counted', () => {
    expect(countsAsAction('donation', 'something_new')).toBe(false);
    expect(countsAsAction('donation', 'toString')).toBe(false);
    expect(countsAsAction('pressure-phone', undefined)).toBe(false);
  });

  it('e-mail and phone pressure are separate kinds, each with its own name in every language', () => {
    expect(ACTION_KINDS).toEqual(['form', 'pressure', 'pressure-phone', 'donation']);
    for (const locale of ['pt-BR', 'es', 'en'] as const) {
      const names = ACTION_KINDS.map((k) => translate(locale, ACTION_DEFINITIONS[k].label));
      expect(new Set(names).size).toBe(ACTION_KINDS.length);
      for (const [i, name] of names.entries())
        expect(name).not.toBe(ACTION_DEFINITIONS[ACTION_KINDS[i] as 'form'].label);
    }
    expect(translate('pt-BR', ACTION_DEFINITIONS.pressure.label)).toBe('Pressão por e-mail');
    expect(translate('pt-BR', ACTION_DEFINITIONS['pressure-phone'].label)).toBe('Pressão por telefone');
  });
});

describe("a person's profile words each action in its state", () => {
  const line = (kind: (typeof ACTION_KINDS)[number], state: string | null, locale: 'pt-BR' | 'es' | 'en' = 'pt-BR') =>
    translate(locale, timelineKey(kind, state), { amount: 'R$ 50,00' });

  it('a paid donation is a gift; an attempt is never one', () => {
    expect(line('donation', 'paid')).toBe('Doou R$ 50,00');
    expect(line('donation', 'refused')).toBe('Tentativa de doação recusada — R$ 50,00');
    expect(line('donation', 'failed')).toBe('Tentativa de doação não concluída — R$ 50,00');
    expect(line('donation', 'waiting_payment')).toBe('Doação aguardando pagamento — R$ 50,00');
    expect(line('donation', 'refunded')).toBe('Doação estornada — R$ 50,00');
    expect(line('donation', 'refused', 'es')).toBe('Intento de donación rechazado — R$ 50,00');
    expect(line('donation', 'refused', 'en')).toBe('Donation attempt refused — R$ 50,00');
    for (const state of Object.keys(DONATION_STANDINGS))
      if (state !== 'paid') expect(line('donation', state)).not.toMatch(/^Doou/);
  });

  it('a call that did not reach its target says why', () => {
    expect(line('pressure-phone', 'completed')).toBe('Pressionou por telefone');
    expect(line('pressure-phone', 'busy')).toBe('Ligação não completada: ocupado');
    expect(line('pressure-phone', 'ringing')).toBe('Ligação em andamento');
    for (const state of Object.keys(CALL_STANDINGS)) expect(line('pressure-phone', state)).not.toMatch(/^actions\./);
  });
});
