import { calculatorMessages } from '@mutirao/core';
import { expect, expectAccessible, organiserWithPage, test } from './fixtures';

const TEXT = calculatorMessages['pt-BR'];

test('the calculator works on a phone as a small island, and shows in the editor', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Calc',
    community: { name: 'Coletivo Busão', city: 'Recife' },
    page: { name: 'Empresa amiga do busão', goal: 'Mostrar a economia', slugPrefix: 'busao' },
  });
  const res = await page.request.post(`/api/mobilizations/${mobilization.id}/blocks`, {
    data: {
      block: {
        name: 'Calculadora',
        widgets_attributes: [{ sm_size: 12, md_size: 12, lg_size: 12, kind: 'busao0800' }],
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);

  // In the editor the calculator renders as visitors see it, under the overlay that offers its remove button.
  await page.goto(`/mobilizations/${mobilization.id}/edit`);
  await expect(page.getByRole('heading', { name: TEXT.title })).toBeVisible();
  await expect(page.getByText('R$ 1.430,00')).toBeVisible();
  await expectAccessible(page, 'editor with a calculator');

  // A visitor on a phone: the defaults, then new figures as they type (the island hydrated from the bundle).
  const port = new URL(page.url()).port;
  const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })).newPage();
  await visitor.goto(`http://${mobilization.slug}.localhost:${port}/`);
  const employees = visitor.getByLabel(TEXT.employees);
  await expect(employees).toHaveValue('10');
  await expect(visitor.getByTestId('calculator-fee')).toHaveText('R$ 170,00');
  await expect(visitor.getByTestId('calculator-savings')).toHaveText('R$ 1.430,00');
  await employees.fill('30');
  await expect(visitor.getByTestId('calculator-fee')).toHaveText('R$ 3.570,00');
  await expect(visitor.getByTestId('calculator-savings')).toHaveText('-R$ 1.970,00');
  await visitor.getByLabel(TEXT.cost).fill('10000');
  await expect(visitor.getByTestId('calculator-savings')).toHaveText('R$ 6.430,00');
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(visitor, 'public page with a calculator, on a phone');
});
