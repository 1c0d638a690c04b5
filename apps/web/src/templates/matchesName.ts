/** Case-insensitive, accent-insensitive match on the template's name (spec 01 §5 template filter). */
export function matchesName(name: string, filter: string): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR');
  return fold(name).includes(fold(filter.trim()));
}
