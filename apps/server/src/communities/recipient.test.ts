import { ROLES } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { type PagarmeDouble, startPagarmeDouble } from '../../test/pagarme';
import { communityUsers, recipients } from '../db/schema';
import { createCommunity, createUser } from '../seed/factories';

let pagarme: PagarmeDouble;
let server: TestServer;
beforeAll(async () => {
  pagarme = await startPagarmeDouble();
  server = await startTestServer({
    env: {
      PAYMENTS_DRIVER: 'pagarme',
      PAGARME_API_URL: pagarme.url,
      PAGARME_API_KEY: pagarme.apiKey,
      PAGARME_ENCRYPTION_KEY: 'ek_test_recipient',
      // Long enough for a loopback answer on a busy CI machine, well under the slowed answer of the timeout test.
      PAGARME_TIMEOUT_MS: '1500',
    },
  });
});
afterAll(async () => {
  await server.close();
  await pagarme.close();
});

const BANK = {
  bank_code: '341',
  agencia: '0932',
  agencia_dv: '5',
  conta: '58054',
  conta_dv: '1',
  type: 'conta_corrente',
  legal_name: 'Horta Viva',
  document_number: '11.222.333/0001-81',
};
const VALID = { transfer_interval: 'weekly', transfer_day: 3, bank_account: BANK };

let n = 0;
/** A community whose admin is signed in. */
async function community() {
  n += 1;
  const owner = await createUser(server.ctx.db, { email: `recipient-admin-${n}@example.org` });
  const { id } = await createCommunity(server.ctx.db, { name: `Horta ${n}`, ownerId: owner.id });
  return { id, admin: await signIn(server, owner.email), path: `/api/communities/${id}/recipient` };
}
const put = (client: Client, path: string, recipient: unknown, headers?: Record<string, string>) =>
  client.put(path, { recipient }, headers);
const stored = async (communityId: number) =>
  (await server.ctx.db.select().from(recipients).where(eq(recipients.communityId, communityId)))[0];
const withBank = (extra: Record<string, unknown>) => ({ ...VALID, bank_account: { ...BANK, ...extra } });

describe('the Recebedor tab', () => {
  it('creates the recipient at Pagar.me, stores its id and digits-only document, and updates the same one later', async () => {
    const { id, admin, path } = await community();
    expect((await admin.get(path)).body).toEqual({ recipient: null, sandbox: false });

    const saved = await put(admin, path, VALID);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const providerId = saved.body.recipient.pagarme_recipient_id;
    expect(providerId).toMatch(/^re_/);
    expect(saved.body.recipient).toMatchObject({
      community_id: id,
      transfer_interval: 'weekly',
      transfer_day: 3,
      transfer_enabled: true,
      bank_account: { ...BANK, document_number: '11222333000181' },
    });
    expect(pagarme.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/recipients',
      body: { transfer_interval: 'weekly', transfer_day: 3, bank_account: { document_number: '11222333000181' } },
    });
    expect((await admin.get(path)).body.recipient).toEqual(saved.body.recipient);

    const updated = await put(admin, path, {
      transfer_interval: 'monthly',
      transfer_day: '31',
      bank_account: { ...BANK, conta: '123', conta_dv: 'x', type: 'conta_poupanca' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.recipient).toMatchObject({
      id: saved.body.recipient.id,
      pagarme_recipient_id: providerId,
      transfer_interval: 'monthly',
      transfer_day: 31,
      bank_account: { conta: '123', conta_dv: 'X', type: 'conta_poupanca' },
    });
    expect(pagarme.requests.at(-1)).toMatchObject({ method: 'PUT', path: `/recipients/${providerId}` });
    expect(pagarme.recipients.get(providerId)).toMatchObject({ transfer_interval: 'monthly', transfer_day: 31 });
  });

  it('answers every validation message, naming the field, and calls nobody', async () => {
    const { id, admin, path } = await community();
    const calls = pagarme.requests.length;
    const empty = await put(admin, path, {
      transfer_interval: '',
      transfer_day: '',
      bank_account: {
        bank_code: '',
        agencia: ' ',
        agencia_dv: '',
        conta: '',
        conta_dv: '',
        type: '',
        legal_name: '',
        document_number: '',
      },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      transfer_interval: ['Escolha semanal ou mensal'],
      transfer_day: ['Preenchimento obrigatório'],
      'bank_account.bank_code': ['Preenchimento obrigatório'],
      'bank_account.agencia': ['Preenchimento obrigatório'],
      'bank_account.agencia_dv': ['Preenchimento obrigatório'],
      'bank_account.conta': ['Preenchimento obrigatório'],
      'bank_account.conta_dv': ['Preenchimento obrigatório'],
      'bank_account.type': ['Escolha conta corrente ou poupança'],
      'bank_account.legal_name': ['Preenchimento obrigatório'],
      'bank_account.document_number': ['Preenchimento obrigatório'],
    });
    const missing = await put(admin, path, {});
    expect(Object.keys(missing.body.errors)).toEqual(['transfer_interval', 'transfer_day', 'bank_account']);

    const wrong = await put(admin, path, {
      transfer_interval: 'weekly',
      transfer_day: 6,
      bank_account: {
        bank_code: '34',
        agencia: '123456',
        agencia_dv: '12',
        conta: '12345678901234',
        conta_dv: '123',
        type: 'conta_salario',
        legal_name: 'Associação dos Moradores da Vila',
        document_number: '123',
      },
    });
    expect(wrong.body.errors).toEqual({
      transfer_day: ['Escolha um dia de segunda a sexta-feira'],
      'bank_account.bank_code': ['O código do banco tem 3 números'],
      'bank_account.agencia': ['A agência tem até 5 números'],
      'bank_account.agencia_dv': ['O dígito da agência é 1 número'],
      'bank_account.conta': ['A conta tem até 13 números'],
      'bank_account.conta_dv': ['O dígito da conta tem até 2 caracteres'],
      'bank_account.type': ['Escolha conta corrente ou poupança'],
      'bank_account.legal_name': ['O nome pode ter até 30 caracteres'],
      'bank_account.document_number': ['Informe um CPF (11 números) ou um CNPJ (14 números)'],
    });
    expect((await put(admin, path, { ...VALID, transfer_interval: 'monthly', transfer_day: 32 })).body.errors).toEqual({
      transfer_day: ['Escolha um dia do mês, de 1 a 31'],
    });
    expect((await put(admin, path, { ...VALID, transfer_interval: 'daily' })).body.errors).toEqual({
      transfer_interval: ['Escolha semanal ou mensal'],
    });
    const spanish = await put(admin, path, withBank({ agencia_dv: '' }), { 'accept-language': 'es' });
    expect(spanish.body.errors).toEqual({ 'bank_account.agencia_dv': ['Campo obligatorio'] });
    const english = await put(admin, path, { ...VALID, transfer_day: 0 }, { 'accept-language': 'en' });
    expect(english.body.errors).toEqual({ transfer_day: ['Choose a day from Monday to Friday'] });
    expect((await admin.put(path, VALID)).body.errors).toEqual({ recipient: ['Preenchimento obrigatório'] });
    expect(pagarme.requests.length).toBe(calls);
    expect(await stored(id)).toBeUndefined();
  });

  it('checks the CPF and CNPJ check digits', async () => {
    const { admin, path } = await community();
    const documentError = async (document_number: string) =>
      (await put(admin, path, withBank({ document_number }))).body.errors?.['bank_account.document_number'];
    expect(await documentError('529.982.247-25')).toBeUndefined();
    expect(await documentError('11222333000181')).toBeUndefined();
    expect(await documentError('529.982.247-26')).toEqual(['CPF inválido: confira os números']);
    expect(await documentError('111.111.111-11')).toEqual(['CPF inválido: confira os números']);
    expect(await documentError('11.222.333/0001-82')).toEqual(['CNPJ inválido: confira os números']);
    expect(await documentError('00000000000000')).toEqual(['CNPJ inválido: confira os números']);
    expect(await documentError('5299822472')).toEqual(['Informe um CPF (11 números) ou um CNPJ (14 números)']);
  });

  it('keeps the stored recipient when Pagar.me refuses (naming the field it names) or fails', async () => {
    const { id, admin, path } = await community();
    const first = await put(admin, path, VALID);
    expect(first.status).toBe(200);
    const before = await stored(id);

    const refused = await put(admin, path, withBank({ bank_code: '000' }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'bank_account.bank_code': ['O Pagar.me recusou este dado: Código de banco inexistente'],
    });
    pagarme.failNext(503);
    const down = await put(admin, path, withBank({ conta: '777' }));
    expect(down.status).toBe(502);
    expect(down.body).toEqual({
      errors: ['O Pagar.me não respondeu e nada foi salvo. Tente de novo em alguns minutos.'],
    });
    pagarme.slowNext(5_000);
    const slow = await put(admin, path, withBank({ conta: '888' }), { 'accept-language': 'en' });
    expect(slow.status).toBe(502);
    expect(slow.body.errors).toEqual(['Pagar.me did not answer and nothing was saved. Try again in a few minutes.']);
    expect(await stored(id)).toEqual(before);
  });

  it('is for community admins only: a mobilizer is refused, anyone else finds nothing', async () => {
    const { id, admin, path } = await community();
    const saved = await put(admin, path, VALID);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const mobilizer = await createUser(server.ctx.db, { email: `recipient-mob-${id}@example.org` });
    await server.ctx.db.insert(communityUsers).values({ communityId: id, userId: mobilizer.id, role: ROLES.mobilizer });
    const asMobilizer = await signIn(server, mobilizer.email);
    const read = await asMobilizer.get(path);
    expect(read.status).toBe(403);
    expect(read.body).toEqual({ errors: ['Só quem administra a comunidade pode ver e mudar os dados bancários.'] });
    expect(JSON.stringify(read.body)).not.toContain('58054');
    expect((await put(asMobilizer, path, withBank({ conta: '1' }))).status).toBe(403);

    const other = await community();
    expect((await other.admin.get(path)).status).toBe(404);
    expect((await put(other.admin, path, VALID)).status).toBe(404);
    expect((await new Client(server.url).get(path)).status).toBe(401);
    expect((await stored(id))?.bankAccount.conta).toBe('58054');

    const root = await createUser(server.ctx.db, { email: `recipient-root-${id}@example.org`, isAdmin: true });
    expect((await (await signIn(server, root.email)).get(path)).body.recipient.bank_account.conta).toBe('58054');
  });
});
