// @vitest-environment happy-dom
import { catalogues } from '@mutirao/core';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { button, cleanup, click, errorOf, field, render, type } from '../testing/dom';
import { ActivistFilters } from './ActivistFilters';
import type { ActivistFilterValues } from './activistsApi';
import { EMPTY_FILTER } from './listParams';

const words = catalogues['pt-BR'].activists;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The filters panel with the community's pages already in the cache (no request), recording what it applies. */
async function renderFilters(applied: ActivistFilterValues = EMPTY_FILTER, errors: Record<string, string[]> = {}) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['communities', 5, 'mobilizations', 'options'], [{ id: 3, name: 'Cozinha solidária' }]);
  const appliedFilters: ActivistFilterValues[] = [];
  await render(
    <ActivistFilters communityId={5} applied={applied} errors={errors} onApply={(f) => appliedFilters.push(f)} />,
    { queryClient },
  );
  return appliedFilters;
}

describe('the people list’s filters', () => {
  it('build a draft that is applied only on the button, the search trimmed', async () => {
    const applied = await renderFilters();
    await type(field(words.search), '  ana souza ');
    await type(field<HTMLSelectElement>(words.filterPeriod), 'week');
    expect(applied).toEqual([]);
    await click(button(words.apply));
    expect(applied).toEqual([{ ...EMPTY_FILTER, q: 'ana souza', period: 'week' }]);
    // Spaces alone are no search.
    await type(field(words.search), '   ');
    await click(button(words.apply));
    expect(applied[1]?.q).toBeUndefined();
  });

  it('ask for the range only with the custom period, and send it as typed', async () => {
    const applied = await renderFilters();
    expect(() => field(words.from)).toThrow();
    const period = field<HTMLSelectElement>(words.filterPeriod);
    expect([...period.options].map((o) => o.textContent)).toContain(words.periodCustom);
    await type(period, 'custom');
    await type(field(words.from), '2026-01-01');
    await type(field(words.to), '2026-03-31');
    await click(button(words.apply));
    expect(applied).toEqual([{ ...EMPTY_FILTER, period: 'custom', from: '2026-01-01', to: '2026-03-31' }]);
  });

  it('clear everything at once, whatever the draft holds', async () => {
    const applied = await renderFilters({ ...EMPTY_FILTER, q: 'ana', tags: ['centro'], operator: 'or' });
    expect(field(words.search).value).toBe('ana');
    await click(button(words.clear));
    expect(applied).toEqual([EMPTY_FILTER]);
  });

  it('show the server’s refusal on the field it names', async () => {
    await renderFilters(
      { ...EMPTY_FILTER, period: 'custom', from: '2026-05-01', to: '2026-01-01' },
      {
        to: ['A data final deve ser depois da inicial.'],
      },
    );
    expect(errorOf(field(words.to))).toBe('A data final deve ser depois da inicial.');
    expect(errorOf(field(words.from))).toBeUndefined();
  });

  it('fold on a phone behind a button counting the filters in use, and unfold for a refusal', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 36em)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    await renderFilters({ ...EMPTY_FILTER, tags: ['centro'], period: 'week' });
    expect(() => field(words.filterPeriod)).toThrow();
    const more = button(words.moreFiltersInUse.replace('{count}', '2'));
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await click(more);
    expect(field<HTMLSelectElement>(words.filterPeriod).value).toBe('week');
    expect(button(words.fewerFilters).getAttribute('aria-expanded')).toBe('true');
    cleanup();

    await renderFilters({ ...EMPTY_FILTER, period: 'custom', from: '2026-05-01' }, { from: ['Data inválida'] });
    expect(errorOf(field(words.from))).toBe('Data inválida');
  });
});
