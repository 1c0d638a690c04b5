import { expect, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
const COUNT = /\/api\/widgets\/\d+\/form_entries_count$/;

test('the demo page on a phone: images hold their place, forms below the fold wake up only when reached', async ({
  browser,
  baseURL,
}) => {
  const port = new URL(baseURL ?? '').port;
  const visitor = await (await browser.newContext({ locale: 'pt-BR', viewport: PHONE, hasTouch: true })).newPage();
  const counts: string[] = [];
  visitor.on('request', (request) => {
    if (COUNT.test(new URL(request.url()).pathname)) counts.push(request.url());
  });
  await visitor.addInitScript(() => {
    // Every layout shift from the first paint on, as Lighthouse adds them up (shifts right after input excluded).
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await visitor.goto(`http://moradia-digna-recife.localhost:${port}/`);

  // The hero picture's document gives no size: the page takes it from the stored upload, and fetches it first.
  const hero = visitor.locator('img[src="/uploads/demo/moradia-centro.jpg"]');
  await expect(hero).toHaveAttribute('width', '1200');
  await expect(hero).toHaveAttribute('height', '630');
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect(visitor.locator('img[src="/uploads/demo/assembleia.jpg"]')).toHaveAttribute('height', '500');
  // A 390-pixel phone at one pixel per point loads the 480-pixel WebP copy, not the 1,200-pixel original.
  await expect(hero).toHaveAttribute('srcset', /moradia-centro\.jpg\.w480\.webp 480w/);
  await expect
    .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc.replace(/^.*\/uploads\//, '')))
    .toBe('demo/moradia-centro.jpg.w480.webp');
  await visitor.waitForLoadState('networkidle');

  // The two forms are far below the first screen: their islands have not run (no live count asked for yet).
  expect(counts).toEqual([]);
  // Scrolling down through the page wakes each form as it comes near, and nothing on the way moved.
  const forms = visitor.locator('form');
  await expect(forms).toHaveCount(2);
  await forms.first().scrollIntoViewIfNeeded();
  await expect.poll(() => counts.length).toBe(1);
  await forms.last().scrollIntoViewIfNeeded();
  await expect.poll(() => counts.length).toBe(2);
  expect(await visitor.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.02);
  await visitor.context().close();
});
