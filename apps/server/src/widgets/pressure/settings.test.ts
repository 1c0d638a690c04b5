import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormPage } from '../../../test/formPage';
import { type Client, signIn, startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
let organiser: Client;
let page: Awaited<ReturnType<typeof createFormPage>>;

beforeAll(async () => {
  server = await startTestServer();
  page = await createFormPage(server.ctx.db, { kind: 'pressure-phone', settings: {} });
  organiser = await signIn(server, page.organiserEmail);
});
afterAll(() => server.close());

const put = (kind: string, settings: Record<string, unknown>, locale = 'pt-BR') =>
  organiser.put(
    `/api/mobilizations/${page.page.id}/widgets/${page.form.id}`,
    { widget: { kind, settings } },
    { 'accept-language': locale },
  );

describe('the targets of each pressure kind', () => {
  it('keeps a phone pressure to numbers, stored as + and digits however they were typed', async () => {
    const saved = await put('pressure-phone', { targets: ['Vereadora Ana <+55 (81) 99999-0000>'] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings.targets).toEqual(['Vereadora Ana <+5581999990000>']);
    const email = await put('pressure-phone', { targets: ['Gabinete <gabinete@camara.example.org>'] });
    expect(email.status).toBe(422);
    expect(email.body.errors.targets).toEqual([
      'Esta pressão é por telefone: informe o alvo como Nome <+55 81 99999-0000>.',
    ]);
  });

  it('keeps an e-mail pressure to addresses, with the spec’s message for a mix', async () => {
    const letter = { pressure_subject: 'Vote sim', pressure_body: 'Por favor.' };
    const phone = await put('pressure', { ...letter, targets: ['Gabinete <+5581999990000>'] }, 'en');
    expect(phone.status).toBe(422);
    expect(phone.body.errors.targets).toEqual([
      'This is an e-mail pressure: enter the target as Name <e-mail>. For calls, use a phone pressure.',
    ]);
    const mixed = await put('pressure', {
      ...letter,
      targets: ['Ana <ana@camara.example.org>', 'Gabinete <+5581999990000>'],
    });
    expect(mixed.body.errors.targets).toEqual(['Você já cadastrou um alvo para pressão por e-mail.']);
    expect((await put('pressure', { ...letter, targets: ['Ana <ana@camara.example.org>'] })).status).toBe(200);
  });
});
