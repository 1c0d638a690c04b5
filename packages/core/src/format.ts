/** 'R$ 1.234,56' from cents, as spec 01 §2 shows fund raising. Reais only. */
export function formatMoney(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const reais = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const centavos = (abs % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}R$ ${reais},${centavos}`;
}

/** 'R$ 1.234' from cents: spec 02 §9's integer variant (0 decimals), for whole amounts such as donation values. */
export function formatMoneyInteger(cents: number): string {
  return formatMoney(Math.round(cents / 100) * 100).replace(/,00$/, '');
}

/** dd/mm/yyyy in the São Paulo calendar day, unless another time zone is given. */
export function formatDate(value: Date | string, timeZone = 'America/Sao_Paulo'): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' })
    .formatToParts(date)
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  return `${parts.day}/${parts.month}/${parts.year}`;
}
