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

/**
 * Spec 02 §9's integer variant (0 decimals) for a whole amount, 'R$ 1.234'; an amount with cents stays exact,
 * 'R$ 5.000,50': a goal or a sum is never rounded to a figure nobody typed or gave.
 */
export function formatMoneyInteger(cents: number): string {
  const exact = formatMoney(cents);
  return Math.round(cents) % 100 === 0 ? exact.replace(/,00$/, '') : exact;
}

function calendarParts(value: Date | string, timeZone: string) {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' })
    .formatToParts(date)
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
}

/** dd/mm/yyyy in the São Paulo calendar day, unless another time zone is given. */
export function formatDate(value: Date | string, timeZone = 'America/Sao_Paulo'): string {
  const parts = calendarParts(value, timeZone);
  return `${parts.day}/${parts.month}/${parts.year}`;
}

/** The calendar day of an instant in a time zone (São Paulo unless given), as 'YYYY-MM-DD'. */
export function calendarDay(value: Date | string, timeZone = 'America/Sao_Paulo'): string {
  const parts = calendarParts(value, timeZone);
  return `${parts.year}-${parts.month}-${parts.day}`;
}
