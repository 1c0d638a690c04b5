import { describe, expect, it } from 'vitest';
import { islandMessages, islandNamesIn } from './embed';

describe('the messages a page embeds', () => {
  it('keeps only the kinds of the islands on the page', () => {
    const formOnly = islandMessages('pt-BR', islandNamesIn('<div id="mz-island-1" data-mz-island="form"></div>'));
    expect(formOnly.kinds).toEqual({});
    expect(formOnly.formView).toBeTruthy();
    const phone = islandMessages('pt-BR', ['pressure-phone', 'donation']);
    expect(Object.keys(phone.kinds as object).sort()).toEqual(['donation', 'pressure']);
    // Without the page's islands (the editor's tests), every section is there.
    expect(Object.keys(islandMessages('pt-BR').kinds as object)).toContain('busao0800');
  });
});
