import { describe, expect, it } from 'vitest';
import { type Catalogue, catalogues } from './index';

function entries(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  return Object.entries(node as object).flatMap(([key, value]) => entries(value, prefix ? `${prefix}.${key}` : key));
}

/** The words of a message, without placeholders, addresses (acao.minhacampanha.org, email@exemplo.org) or URLs. */
function words(text: string): string[] {
  const prose = text
    .replace(/\{\w+\}/g, ' ')
    .replace(/\S+@\S+|https?:\/\/\S+|\b[\w-]+(\.[\w-]+)+\b/g, ' ')
    .replace(/<[^>]*>/g, ' ');
  return prose.split(/[^\p{L}-]+/u).filter(Boolean);
}

/** Messages that are not prose: file names, and the legacy session errors the admin app matches (spec 01 §8). */
const NOT_PROSE = /FilePrefix$|^errors\.session/;

const prose = (catalogue: Catalogue) => entries(catalogue).filter(([key]) => !NOT_PROSE.test(key));

/** Portuguese words that are never right without their accent ('esta', 'e' and 'pais' are words of their own). */
const UNACCENTED = new Set(
  (
    'nao voce voces doacao doacoes invalido invalida invalidos obrigatorio obrigatoria codigo codigos digito digitos ' +
    'pressao pressoes formulario formularios inscricao inscricoes mobilizacao mobilizacoes acao acoes relatorio ' +
    'relatorios ultimo ultima ultimos ultimas numero numeros pagina paginas possivel disponivel minimo maximo unico ' +
    'publico proximo proxima titulo conteudo usuario endereco informacoes configuracao configuracoes tambem apos ' +
    'sera estao entao sao ja so voce tera ha alem atraves saida valido valida opcao opcoes sessao comunicacao ' +
    'ligacao ligacoes periodo mes dominio'
  ).split(' '),
);

/** English that never belongs in a Portuguese or Spanish sentence. */
const ENGLISH =
  /\b(the|Toggle|Incorrect|Sorry|Not Found|Nothing found|Failed|Unauthorized|Submit|Close|password|Value invalid|You must)\b/;

/** Where a Portuguese or Spanish message names another product's English menus (Mailchimp's own screens). */
const QUOTES_ENGLISH_SCREENS = new Set(['mailchimp.apiKeyHint', 'mailchimp.listIdHint']);

describe('the pt-BR catalogue', () => {
  it('writes every Portuguese word with its accents', () => {
    const found = prose(catalogues['pt-BR']).flatMap(([key, text]) =>
      words(text)
        .filter((word) => UNACCENTED.has(word.toLowerCase()))
        .map((word) => `${key}: ${word}`),
    );
    expect(found).toEqual([]);
  });

  it("writes 'Ex.:' with its full stop", () => {
    expect(prose(catalogues['pt-BR']).filter(([, text]) => /\bEx:/.test(text))).toEqual([]);
  });
});

describe('the pt-BR and es catalogues', () => {
  it.each(['pt-BR', 'es'] as const)('hold no English interface text in %s', (locale) => {
    const english = prose(catalogues[locale]).filter(
      ([key, text]) => !QUOTES_ENGLISH_SCREENS.has(key) && ENGLISH.test(words(text).join(' ')),
    );
    expect(english).toEqual([]);
  });

  it('hold no Portuguese in Spanish', () => {
    const portuguese = prose(catalogues.es).filter(([, text]) =>
      /\b(não|você|obrigad[oa]|compartilhe|Consentimento|Agora|seus|mobilização)\b/i.test(text),
    );
    expect(portuguese).toEqual([]);
  });
});

describe('the rules above', () => {
  it('catch the mistakes they are for', () => {
    expect(words('{label} nao pode ficar em branco, veja acao.exemplo.org').filter((w) => UNACCENTED.has(w))).toEqual([
      'nao',
    ]);
    expect(ENGLISH.test(words('Toggle password visibility').join(' '))).toBe(true);
    expect(ENGLISH.test(words('Mostrar caracteres').join(' '))).toBe(false);
  });
});
