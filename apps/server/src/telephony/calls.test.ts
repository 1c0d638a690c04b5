import type { PhoneCallStatus } from '@mutirao/core';
import { describe, expect, it } from 'vitest';
import { displayedState } from './calls';

type Row = Parameters<typeof displayedState>[1][number];

/** One leg's report: the visitor's leg has no parent, the target's leg names the visitor's as its parent. */
const visitor = (status: PhoneCallStatus, callDuration: number | null = null): Row => ({
  status,
  twilioParentCallSid: null,
  callDuration,
});
const target = (status: PhoneCallStatus, callDuration: number | null = null): Row => ({
  status,
  twilioParentCallSid: 'CAparent',
  callDuration,
});

/** The states shown as the reports arrive one by one, without repeats. */
function shown(rows: Row[]) {
  const seen: string[] = [];
  for (let i = 0; i <= rows.length; i++) {
    const { status } = displayedState(1, rows.slice(0, i));
    if (seen.at(-1) !== status) seen.push(status);
  }
  return seen;
}

describe('displayedState', () => {
  it('walks a completed call forward only: the target leg starting after the visitor answered is still ringing', () => {
    const rows = [
      visitor('initiated'),
      visitor('ringing'),
      visitor('in-progress'),
      target('initiated'),
      target('ringing'),
      target('in-progress'),
      target('completed', 3),
      visitor('completed', 4),
    ];
    expect(shown(rows)).toEqual(['initiated', 'ringing', 'in-progress', 'completed']);
    expect(displayedState(1, rows)).toEqual({ id: 1, status: 'completed', duration: 3 });
  });

  it('never steps back when the callbacks arrive out of order', () => {
    const rows = [
      visitor('ringing'),
      visitor('initiated'),
      target('in-progress'),
      target('ringing'),
      visitor('in-progress'),
      target('initiated'),
      visitor('completed', 4),
      target('completed', 3),
    ];
    expect(shown(rows)).toEqual(['initiated', 'ringing', 'in-progress', 'completed']);
    expect(displayedState(1, rows).duration).toBe(3);
  });

  it("ends with the target's outcome, or with the visitor's own when the target was never rung", () => {
    expect(displayedState(1, [visitor('in-progress'), visitor('completed', 0), target('busy', 0)]).status).toBe('busy');
    expect(displayedState(1, [visitor('initiated'), visitor('no-answer', 0)]).status).toBe('no-answer');
    expect(displayedState(1, [])).toEqual({ id: 1, status: 'initiated', duration: null });
  });
});
