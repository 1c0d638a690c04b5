import { describe, expect, it } from 'vitest';
import { matchesName } from './matchesName';

describe('matchesName', () => {
  it('matches part of the name in any case and with or without accents', () => {
    expect(matchesName('Abaixo-assinado Ação Já', 'acao')).toBe(true);
    expect(matchesName('Abaixo-assinado Ação Já', '  ABAIXO ')).toBe(true);
    expect(matchesName('Pressão na Câmara', 'camara')).toBe(true);
    expect(matchesName('Pressão na Câmara', 'doação')).toBe(false);
    expect(matchesName('Qualquer', '')).toBe(true);
  });
});
