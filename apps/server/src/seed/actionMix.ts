import { recountActions } from '../activists/people';
import type { Db } from '../db/client';
import { activistPressures, formEntries } from '../db/schema';
import { SIGN_UP_BLOCK } from './demoForm';
import {
  type BlockSeed,
  createActivist,
  createDonation,
  createMobilization,
  createPhoneCall,
  createPressure,
} from './factories';

/** When the mix's latest action happened: 22:30 on 27 November in São Paulo, already the 28th in Lisbon and UTC. */
export const ACTION_MIX_LAST_AT = '2026-11-28T01:30:00Z';

const HOUR = 3_600_000;

/**
 * One page with a form, an e-mail pressure, a phone pressure and a donation widget, and a mix of what visitors do
 * that tells every definition of core's `actions/definitions.ts` apart (issue 31): two form entries, one e-mail
 * pressure, one phone pressure whose visitor called twice (one call completed, one failed), two paid card donations,
 * a refused card attempt (by a donor who then paid) and a boleto still waiting. So 2 entries, 1 e-mail pressure,
 * 1 phone pressure, 2 donations of R$ 80,00 in all, 1 pending, 1 refused, and 6 people with an action (the boleto's
 * donor has none yet). The latest action, the second donor's paid donation, is at `lastAt`; the others come before.
 * The same mix serves the API test and the browser journey (`POST /api/dev/seed` with `actionMix`).
 */
export async function createActionMix(db: Db, communityId: number, lastAt: string = ACTION_MIX_LAST_AT) {
  const last = new Date(lastAt).getTime();
  const at = (hoursBefore: number) => new Date(last - hoursBefore * HOUR);
  const slug = `numeros-${communityId}-${Date.now().toString(36)}`;
  const page = await createMobilization(db, {
    communityId,
    name: 'Números que batem',
    slug,
    blocks: [
      withCount(SIGN_UP_BLOCK, 'form', 'pessoas assinaram'),
      {
        name: 'Pressione',
        widgets: [
          {
            kind: 'pressure',
            settings: {
              title_text: 'Pressione por e-mail',
              targets: ['Vereadora Ana <ana@camara.example.org>'],
              pressure_subject: 'Tarifa zero já',
              pressure_body: 'Aprove a tarifa zero.',
              count_text: 'pressões feitas',
            },
          },
          {
            kind: 'pressure-phone',
            settings: {
              title_text: 'Ligue para a Câmara',
              targets: ['Vereador Beto <+5581999990000>', 'Vereador Caio <+5581999992222>'],
              count_text: 'ligações feitas',
            },
          },
        ],
      },
      {
        name: 'Doe',
        widgets: [{ kind: 'donation', settings: { title_text: 'Doe', count_text: 'doações recebidas' } }],
      },
    ],
  });
  const widget = (kind: string) => {
    const found = page.widgets.find((w) => w.kind === kind);
    if (!found) throw new Error(`the mix has no ${kind} widget`);
    return found;
  };
  const form = widget('form');
  const pressure = widget('pressure');
  const phone = widget('pressure-phone');
  const donation = widget('donation');
  const person = (name: string, phoneNumber?: string) =>
    createActivist(db, {
      communityId,
      name,
      email: `${name.toLowerCase()}-${communityId}@mix.example.org`,
      ...(phoneNumber && { phone: phoneNumber }),
    });
  const onPage = { mobilizationId: page.id };
  const [ana, bia, caio, davi, elis, fabio, gal] = await Promise.all(
    ['Ana', 'Bia', 'Caio', 'Davi', 'Elis', 'Fabio', 'Gal'].map((n) =>
      person(n, n === 'Davi' ? '+5581988887777' : undefined),
    ),
  );
  if (!ana || !bia || !caio || !davi || !elis || !fabio || !gal) throw new Error('the mix has no people');
  await db.insert(formEntries).values([
    { widgetId: form.id, ...onPage, activistId: ana.id, fields: [], createdAt: at(6) },
    { widgetId: form.id, ...onPage, activistId: bia.id, fields: [], createdAt: at(5) },
  ]);
  await createPressure(db, { widgetId: pressure.id, ...onPage, activistId: caio.id, createdAt: at(4) });
  await db.insert(activistPressures).values({
    widgetId: phone.id,
    ...onPage,
    activistId: davi.id,
    targets: ['Vereador Caio <+5581999992222>', 'Vereador Beto <+5581999990000>'],
    mail: { subject: '', body: '' },
    channel: 'phone',
    createdAt: at(3),
  });
  const call = { communityId, widgetId: phone.id, activistId: davi.id, from: '+5581988887777' };
  await createPhoneCall(db, { ...call, to: '+5581999992222', status: 'failed', createdAt: at(3) });
  await createPhoneCall(db, { ...call, to: '+5581999990000', status: 'completed', createdAt: at(2.5) });
  const gift = { communityId, widgetId: donation.id, ...onPage };
  await createDonation(db, { ...gift, activistId: fabio.id, amount: 3000, createdAt: at(7) });
  await createDonation(db, {
    ...gift,
    activistId: gal.id,
    amount: 5300,
    paymentMethod: 'boleto',
    status: 'waiting_payment',
    createdAt: at(1),
  });
  await createDonation(db, { ...gift, activistId: elis.id, amount: 5000, status: 'refused', createdAt: at(0.5) });
  await createDonation(db, { ...gift, activistId: elis.id, amount: 5000, createdAt: at(0) });
  await recountActions(db, communityId);
  return {
    mobilization_id: page.id,
    slug,
    widgets: { form: form.id, pressure: pressure.id, phone: phone.id, donation: donation.id },
    people: { ana: ana.id, davi: davi.id, elis: elis.id, gal: gal.id },
  };
}

/** A block with its form's counter shown. */
function withCount(block: BlockSeed, kind: string, text: string): BlockSeed {
  return {
    ...block,
    widgets: block.widgets?.map((w) => (w.kind === kind ? { ...w, settings: { ...w.settings, count_text: text } } : w)),
  };
}
