import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormPage } from '../../../test/formPage';
import { Client, signIn, startTestServer, type TestServer } from '../../../test/harness';
import { widgets } from '../../db/schema';
import { createUser } from '../../seed/factories';

let server: TestServer;
let organiser: Client;
let stranger: Client;
let target: Awaited<ReturnType<typeof createFormPage>>;

/** What the Ajustes and Dados para doação tabs save on a new donation widget. */
const donationSettings = (extra: Record<string, unknown> = {}) => ({
  call_to_action: 'Doe para a cozinha solidária',
  title_text: 'Doe para a cozinha solidária',
  button_text: 'Doar',
  payment_type: 'unique',
  recurring_period: '30',
  donation_value1: '20',
  donation_value2: '50',
  donation_value3: '',
  donation_value4: '',
  donation_value5: '',
  default_donation_value: '1',
  goal: '',
  goal_date_limit: '',
  payment_methods: 'false',
  finish_message_type: 'share',
  ...extra,
});

beforeAll(async () => {
  server = await startTestServer();
  target = await createFormPage(server.ctx.db, { kind: 'donation', settings: {} });
  organiser = await signIn(server, target.organiserEmail);
  const other = await createFormPage(server.ctx.db, { kind: 'donation', settings: {} });
  stranger = await signIn(server, other.organiserEmail);
  await createUser(server.ctx.db, { email: 'donation-settings-nobody@example.org' });
});
afterAll(() => server.close());

const put = (client: Client, settings: Record<string, unknown>, widgetId = target.form.id, headers = {}) =>
  client.put(
    `/api/mobilizations/${target.page.id}/widgets/${widgetId}`,
    { widget: { kind: 'donation', settings } },
    headers,
  );

async function stored() {
  const [row] = await server.ctx.db.select().from(widgets).where(eq(widgets.id, target.form.id));
  if (!row) throw new Error('widget missing');
  return { settings: row.settings, goal: row.goal };
}

describe('PUT /api/mobilizations/:id/widgets/:widget for kind donation', () => {
  it('saves users_choice with boleto and a goal: values as digits, the comma of the goal a dot, the column in cents', async () => {
    const res = await put(
      organiser,
      donationSettings({
        payment_type: 'users_choice',
        recurring_period: '180',
        donation_value3: '0',
        donation_value4: ' 0100 ',
        default_donation_value: '2',
        goal: '1500,50',
        goal_date_limit: '31/12/2099',
        payment_methods: 'true',
        main_color: '',
        legacy_key: 'kept',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({
      payment_type: 'users_choice',
      recurring_period: 180,
      donation_value1: '20',
      donation_value2: '50',
      donation_value3: '0',
      donation_value4: '100',
      default_donation_value: 2,
      goal: '1500.50',
      goal_date_limit: '31/12/2099',
      payment_methods: 'true',
      main_color: '#54d0f6',
      legacy_key: 'kept',
    });
    // Blank slots leave the settings: they hide the value as a 0 does.
    expect(res.body.settings).not.toHaveProperty('donation_value5');
    expect(res.body.goal).toBe(150_050);
    expect(await stored()).toEqual({ settings: res.body.settings, goal: 150_050 });
  });

  it('keeps the goal column when a tab sends no goal, and clears it with the goal', async () => {
    const { settings } = await stored();
    const { goal: _goal, ...withoutGoal } = settings;
    expect((await put(organiser, { ...withoutGoal, button_text: 'Doe já' })).status).toBe(200);
    expect((await stored()).goal).toBe(150_050);
    const cleared = await put(organiser, { ...settings, goal: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.goal).toBeNull();
    expect(cleared.body.settings).not.toHaveProperty('goal');
    expect((await stored()).goal).toBeNull();
    expect((await put(organiser, { ...settings, goal: 1000 })).body.goal).toBe(100_000);
  });

  it.each([
    ['call_to_action', ' ', 'Insira o título da widget'],
    ['button_text', '', 'Insira o texto do botão'],
    ['button_text', 'x'.repeat(51), 'O limite de caracteres foi atingido.'],
    ['main_color', 'azul', 'Cor inválida'],
    ['payment_type', 'monthly', 'Escolha o tipo de doação: única, recorrente ou escolha do doador.'],
    ['recurring_period', '90', 'Escolha a periodicidade: mensal, semestral ou anual.'],
    ['donation_value1', '10,50', 'Inválido.'],
    ['donation_value2', '-5', 'Inválido.'],
    ['donation_value5', 'cem', 'Inválido.'],
    ['donation_value3', '2000000', 'Valor alto demais: no máximo R$ 1.000.000.'],
    ['default_donation_value', '6', 'Escolha o valor padrão entre o 1 e o 5.'],
    ['default_donation_value', '3', 'O valor padrão precisa ser um dos valores preenchidos (maiores que zero).'],
    ['goal', '1.000,00', 'Informe a meta só com números, por exemplo: 1000'],
    ['goal', 'mil reais', 'Informe a meta só com números, por exemplo: 1000'],
    ['goal', '30000000', 'Meta alta demais: no máximo R$ 20.000.000.'],
    ['goal_date_limit', '2099-12-31', 'Informe a data no formato DD/MM/AAAA'],
    ['goal_date_limit', '31/02/2099', 'Data inválida.'],
    ['goal_date_limit', '01/01/2020', 'O prazo da meta já passou: escolha hoje ou uma data futura.'],
    ['payment_methods', 'sim', 'Escolha se o boleto é aceito.'],
    ['sender_email', 'não é e-mail', 'Informe um e-mail válido'],
    ['finish_message_type', 'fireworks', 'Nenhum tipo de mensagem foi selecionado'],
  ])('refuses %s = %j with its message, and keeps what was saved', async (key, value, message) => {
    const before = await stored();
    const res = await put(organiser, donationSettings({ [key]: value }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { [key]: [message] } });
    expect(await stored()).toEqual(before);
  });

  it("accepts 'donation-recurrent' as the finish message type", async () => {
    const res = await put(organiser, donationSettings({ finish_message_type: 'donation-recurrent' }));
    expect(res.status).toBe(200);
    expect(res.body.settings.finish_message_type).toBe('donation-recurrent');
  });

  it('leaves a deadline that has since passed alone while other keys are saved, and refuses setting a past one', async () => {
    const [row] = await server.ctx.db
      .update(widgets)
      .set({ settings: { ...donationSettings(), goal_date_limit: '01/01/2021' } })
      .where(eq(widgets.id, target.form.id))
      .returning();
    expect(row).toBeDefined();
    const kept = await put(organiser, donationSettings({ goal_date_limit: '01/01/2021', button_text: 'Apoie' }));
    expect(kept.status).toBe(200);
    const moved = await put(organiser, donationSettings({ goal_date_limit: '02/01/2021' }));
    expect(moved.status).toBe(422);
    expect(moved.body.errors.goal_date_limit).toEqual(['O prazo da meta já passou: escolha hoje ou uma data futura.']);
  });

  it('names every bad key at once, in the caller language', async () => {
    const res = await put(
      organiser,
      donationSettings({ donation_value1: 'x', goal: 'y', goal_date_limit: '1/1/30' }),
      target.form.id,
      { 'accept-language': 'es' },
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      donation_value1: ['Inválido.'],
      goal: ['Escribe la meta solo con números, por ejemplo: 1000'],
      goal_date_limit: ['Escribe la fecha en el formato DD/MM/AAAA'],
    });
  });

  it('answers another community and the signed-out exactly as a missing widget, and changes nothing', async () => {
    const before = await stored();
    const foreign = await put(stranger, donationSettings({ goal: '1' }));
    expect(foreign.status).toBe(404);
    expect((await put(stranger, donationSettings(), 999_999)).body).toEqual(foreign.body);
    const nobody = await signIn(server, 'donation-settings-nobody@example.org');
    expect((await put(nobody, donationSettings({ goal: '1' }))).status).toBe(404);
    expect((await put(new Client(server.url), donationSettings({ goal: '1' }))).status).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it('drops the goal when the widget stops being a donation', async () => {
    const page = await createFormPage(server.ctx.db, { kind: 'donation', settings: {} });
    const client = await signIn(server, page.organiserEmail);
    const url = `/api/mobilizations/${page.page.id}/widgets/${page.form.id}`;
    const saved = await client.put(url, { widget: { kind: 'donation', settings: donationSettings({ goal: '10' }) } });
    expect(saved.body.goal).toBe(1000);
    const draft = await client.put(url, { widget: { kind: 'draft' } });
    expect(draft.status).toBe(200);
    expect(draft.body.goal).toBeNull();
  });
});
