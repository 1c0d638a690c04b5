import { describe, expect, it } from 'vitest';
import { type ActivistFilterValues, cleanFilter, filterParams, type ListQuery } from './activistsApi';
import { EMPTY_FILTER, filtersInUse, nextListQuery, readListQuery, writeListQuery } from './listParams';

const read = (address: string) => readListQuery(new URLSearchParams(address));

const FULL: ActivistFilterValues = {
  q: 'ana souza',
  operator: 'or',
  mobilization_ids: [3, 12],
  kinds: ['pressure', 'donation'],
  tags: ['núcleo, centro', 'voluntária'],
  period: 'custom',
  from: '2026-01-01',
  to: '2026-03-31',
};

const listed = (filter: ActivistFilterValues, rest: Partial<ListQuery> = {}): ListQuery => ({
  filter,
  sort: 'last_action',
  order: 'desc',
  at: {},
  ...rest,
});

describe('the people list’s address', () => {
  it('is empty for the plain list, and reads back as every filter unset, newest action first', () => {
    expect(writeListQuery(listed(EMPTY_FILTER)).toString()).toBe('');
    expect(read('')).toEqual({
      filter: { ...EMPTY_FILTER, q: undefined, from: undefined, to: undefined },
      segmentId: undefined,
      sort: 'last_action',
      order: 'desc',
      at: {},
    });
  });

  it('round-trips every filter: pages, kinds, tags with commas and accents, the operator and a custom range', () => {
    const params = writeListQuery(listed(FULL, { sort: 'name', order: 'desc', at: { after: 'c2' } }));
    expect(params.getAll('tags')).toEqual(['núcleo, centro', 'voluntária']);
    expect(params.get('mobilization_ids')).toBe('3,12');
    expect(params.get('kinds')).toBe('pressure,donation');
    // Through the text of an address and back, as a bookmark keeps it.
    expect(read(params.toString())).toEqual(listed(FULL, { sort: 'name', order: 'desc', at: { after: 'c2' } }));
  });

  it('keeps the range only with the custom period, and a preset period by its name', () => {
    const week = writeListQuery(listed({ ...FULL, period: 'week' }));
    expect(week.get('period')).toBe('week');
    expect(week.has('from')).toBe(false);
    expect(week.has('to')).toBe(false);
    const open = writeListQuery(listed({ ...EMPTY_FILTER, period: 'custom', from: '2026-02-01' }));
    expect(open.toString()).toBe('period=custom&from=2026-02-01');
    expect(read(open.toString()).filter).toMatchObject({ period: 'custom', from: '2026-02-01', to: undefined });
  });

  it('drops what a hand-edited address holds that the list does not know', () => {
    const query = read('operator=xor&period=forever&kinds=form,petition&mobilization_ids=4,-1,x,2.5,0&segment=abc');
    expect(query.filter).toMatchObject({ operator: 'and', period: 'always', kinds: ['form'], mobilization_ids: [4] });
    expect(query.segmentId).toBeUndefined();
    expect(read('sort=email').sort).toBe('last_action');
    expect(read('order=sideways').order).toBe('desc');
  });

  it('sorts names A to Z by default and everything else newest or most first', () => {
    expect(read('sort=name').order).toBe('asc');
    expect(read('sort=actions').order).toBe('desc');
    // The natural order is left out of the address, the other one is written.
    expect(writeListQuery(listed(EMPTY_FILTER, { sort: 'name', order: 'asc' })).toString()).toBe('sort=name');
    expect(writeListQuery(listed(EMPTY_FILTER, { sort: 'created', order: 'asc' })).toString()).toBe(
      'sort=created&order=asc',
    );
  });

  it('with a segment chosen, holds the segment and the search only', () => {
    const params = writeListQuery(listed(FULL, { segmentId: 7 }));
    expect(params.toString()).toBe('q=ana+souza&segment=7');
    expect(read(params.toString())).toMatchObject({ segmentId: 7, filter: { q: 'ana souza', tags: [] } });
  });

  it('reads where a page starts: after or before a cursor, or the last page', () => {
    expect(read('after=abc').at).toEqual({ after: 'abc' });
    expect(read('before=xyz').at).toEqual({ before: 'xyz' });
    expect(read('last=true').at).toEqual({ last: true });
    expect(writeListQuery(listed(EMPTY_FILTER, { at: { last: true } })).toString()).toBe('last=true');
  });
});

describe('a change to the people list', () => {
  const current = read('q=ana&kinds=form&sort=name&after=c9');

  it('starts a new filter at the first page, keeping the order', () => {
    const next = nextListQuery(current, { filter: { ...current.filter, tags: ['centro'] } });
    expect(next.toString()).toBe('q=ana&kinds=form&tags=centro&sort=name');
  });

  it('flips the order on the same column, and starts another column at its natural order', () => {
    expect(nextListQuery(current, { sort: 'name' }).toString()).toBe('q=ana&kinds=form&sort=name&order=desc');
    const flipped = read(nextListQuery(current, { sort: 'name' }).toString());
    expect(nextListQuery(flipped, { sort: 'name' }).toString()).toBe('q=ana&kinds=form&sort=name');
    expect(nextListQuery(current, { sort: 'created' }).toString()).toBe('q=ana&kinds=form&sort=created');
  });

  it('turns a page without touching the filter, and leaves a segment when told it is gone', () => {
    expect(nextListQuery(current, { at: { before: 'c1' } }).toString()).toBe('q=ana&kinds=form&sort=name&before=c1');
    const inSegment = read('segment=7&q=ana');
    expect(nextListQuery(inSegment, { at: { last: true } }).get('segment')).toBe('7');
    expect(nextListQuery(inSegment, { segmentId: undefined, filter: EMPTY_FILTER }).toString()).toBe('');
  });
});

describe('the filter sent to the server', () => {
  it('names every part the server reads, and a segment instead of the filters when one is chosen', () => {
    expect(filterParams(FULL).toString()).toBe(
      'q=ana+souza&operator=or&mobilization_ids=3%2C12&kinds=pressure%2Cdonation&tags=n%C3%BAcleo%2C+centro&tags=volunt%C3%A1ria&period=custom&from=2026-01-01&to=2026-03-31',
    );
    expect(filterParams({ ...FULL, period: '30days' }).has('from')).toBe(false);
    expect(filterParams(FULL, 7).toString()).toBe('q=ana+souza&segment_id=7');
  });

  it('is saved in a segment without its unset parts, and without a range outside the custom period', () => {
    expect(cleanFilter(EMPTY_FILTER)).toEqual({ operator: 'and', period: 'always' });
    expect(cleanFilter({ ...FULL, period: 'year' })).toEqual({
      q: 'ana souza',
      operator: 'or',
      mobilization_ids: [3, 12],
      kinds: ['pressure', 'donation'],
      tags: ['núcleo, centro', 'voluntária'],
      period: 'year',
    });
    expect(cleanFilter(FULL)).toMatchObject({ from: '2026-01-01', to: '2026-03-31' });
  });

  it('counts the filters in use besides the search, for the folded panel’s button', () => {
    expect(filtersInUse({ ...EMPTY_FILTER, q: 'ana' })).toBe(0);
    expect(filtersInUse(FULL)).toBe(4);
    expect(filtersInUse({ ...EMPTY_FILTER, period: 'today' })).toBe(1);
  });
});
