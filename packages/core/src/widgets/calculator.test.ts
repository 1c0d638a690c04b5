import { describe, expect, it } from 'vitest';
import { formatMoney } from '../format';
import { CALCULATOR, calculatorFigures, calculatorInput } from './calculator';

describe('calculator (spec 02 §9)', () => {
  it('starts at 10 employees and a cost of 1600: a fee of 170 and savings of 1430', () => {
    expect(calculatorFigures(CALCULATOR.defaultEmployees, CALCULATOR.defaultCost)).toEqual({ fee: 170, savings: 1430 });
    expect(formatMoney(1430 * 100)).toBe('R$ 1.430,00');
  });

  it('charges 170 per employee beyond the ninth, and savings go negative when the fee is higher', () => {
    expect(calculatorFigures(9, 1000)).toEqual({ fee: 0, savings: 1000 });
    expect(calculatorFigures(30, 1600)).toEqual({ fee: 3570, savings: -1970 });
    expect(formatMoney(-1970 * 100)).toBe('-R$ 1.970,00');
  });

  it('reads what the visitor typed: blanks and nonsense as 0, whole employees, cents of cost, within bounds', () => {
    expect(calculatorInput('', 'employees')).toBe(0);
    expect(calculatorInput('abc', 'cost')).toBe(0);
    expect(calculatorInput('-5', 'cost')).toBe(0);
    expect(calculatorInput('12.7', 'employees')).toBe(12);
    expect(calculatorInput('1600.555', 'cost')).toBe(1600.56);
    expect(calculatorInput('1e12', 'employees')).toBe(CALCULATOR.maxEmployees);
  });
});
