import type { Db } from '../db/client';
import { recipients } from '../db/schema';
import { createMobilization } from './factories';

/**
 * A published page with a donation widget whose community can receive money (a recipient, as the Recebedor tab
 * stores it after the provider accepted it): users_choice, four values, boleto, a goal (R$ 10.000 unless given) and the
 * monthly offer after a one-off card donation (unless `offer: false`), and the counter's text ('doações' unless given).
 * For the visitor's journeys.
 */
export async function createDonationPage(
  db: Db,
  communityId: number,
  options: { goal?: number; offer?: boolean; countText?: string } = {},
) {
  await db
    .insert(recipients)
    .values({
      communityId,
      pagarmeRecipientId: `re_seed_${communityId}`,
      transferInterval: 'monthly',
      transferDay: 5,
      bankAccount: {
        bank_code: '341',
        agencia: '0932',
        agencia_dv: '5',
        conta: '58054',
        conta_dv: '1',
        type: 'conta_corrente',
        legal_name: 'Coletivo de teste',
        document_number: '52998224725',
      },
    })
    .onConflictDoNothing();
  const slug = `doacao-${communityId}-${Date.now().toString(36)}`;
  const page = await createMobilization(db, {
    communityId,
    name: `Doação ${communityId}`,
    slug,
    twitterShareText: 'Eu doei para a cozinha solidária',
    blocks: [
      {
        name: 'Doe',
        widgets: [
          {
            kind: 'donation',
            goal: options.goal ?? 1_000_000,
            settings: {
              title_text: 'Apoie a cozinha solidária',
              button_text: 'Quero doar',
              count_text: options.countText ?? 'doações',
              main_color: '#54d0f6',
              payment_type: 'users_choice',
              recurring_period: 30,
              donation_value1: '20',
              donation_value2: '50',
              donation_value3: '100',
              donation_value4: '200',
              default_donation_value: 2,
              payment_methods: 'true',
              goal_date_limit: '31/12/2099',
              finish_message_type: options.offer === false ? 'share' : 'donation-recurrent',
            },
          },
        ],
      },
    ],
  });
  const widget = page.widgets.find((w) => w.kind === 'donation');
  if (!widget) throw new Error('the donation block has no widget');
  return { mobilization_id: page.id, widget_id: widget.id, slug };
}
