import type { Db } from '../db/client';
import { recipients } from '../db/schema';
import { type CustomerSeed, createDonation, createSubscription } from './factories';

const DAY = 86_400_000;

const donor = (name: string, email: string, documentNumber: string, city: string): CustomerSeed => ({
  name,
  email,
  document_number: documentNumber,
  phone: { ddd: '81', number: '987654321' },
  address: {
    zipcode: '50030230',
    street: 'Rua da Aurora',
    street_number: '100',
    neighborhood: 'Boa Vista',
    city,
    state: 'PE',
  },
});

/**
 * The demo community's giving beside the paid donations the demo pages already have: a (sandbox) recipient, so the
 * widget takes donations, and on the fund page's donation widget a refused card, a boleto waiting for payment, a
 * refunded gift and a monthly recurring donation with its first charge paid, so the figures and the reports show
 * every state. A handful of rows: the seed stays fast.
 */
export async function seedDemoGiving(db: Db, at: { communityId: number; mobilizationId: number; widgetId: number }) {
  await db.insert(recipients).values({
    communityId: at.communityId,
    pagarmeRecipientId: 'sandbox_re_demo',
    transferInterval: 'monthly',
    transferDay: 5,
    bankAccount: {
      bank_code: '001',
      agencia: '1234',
      agencia_dv: '5',
      conta: '123456',
      conta_dv: '7',
      type: 'conta_corrente',
      legal_name: 'Coletivo Bem Viver',
      document_number: '11222333000181',
    },
  });
  const now = Date.now();
  const marta = donor('Marta Ribeiro', 'marta.ribeiro@example.org', '52998224725', 'Olinda');
  const caio = donor('Caio Menezes', 'caio.menezes@example.org', '11144477735', 'Recife');
  const luiza = donor('Luíza Andrade', 'luiza.andrade@example.org', '39053344705', 'Jaboatão dos Guararapes');
  await createDonation(db, { ...at, amount: 3_000, status: 'refused', customer: caio, transactionId: 'demo-refused' });
  await createDonation(db, {
    ...at,
    amount: 5_300,
    status: 'waiting_payment',
    paymentMethod: 'boleto',
    customer: caio,
    transactionId: 'demo-boleto',
    gatewayData: { boleto_barcode: '23793.38128 60000.000003 00000.000400 1 84340000005300' },
  });
  await createDonation(db, { ...at, amount: 2_500, status: 'refunded', customer: luiza, transactionId: 'demo-refund' });
  const subscription = await createSubscription(db, {
    ...at,
    amount: 4_000,
    customer: marta,
    processAt: new Date(now + 25 * DAY).toISOString().slice(0, 10),
    cardData: { card_id: 'sandbox_card_demo', brand: 'visa', last_digits: '1111' },
    createdAt: new Date(now - 5 * DAY),
  });
  await createDonation(db, {
    ...at,
    amount: 4_000,
    customer: marta,
    subscriptionId: subscription.id,
    period: 30,
    transactionId: 'demo-recurring-1',
    createdAt: new Date(now - 5 * DAY),
  });
}
