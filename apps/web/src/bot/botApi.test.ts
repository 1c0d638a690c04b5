import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER } from '../activists/listParams';
import { type Campaign, massMessageBody, sentCounts, withTarget } from './botApi';

const message = {
  name: 'Mutirão de sábado',
  text: 'Vem com a gente!',
  quick_reply_redirect: '  ',
  quick_reply_button_text: '',
};

describe('the chat-bot wizard’s request and counts', () => {
  it('sends a filter without its unset parts, or only the segment when one is chosen', () => {
    const filter = { ...EMPTY_FILTER, tags: ['centro'], period: 'week' as const, from: '2026-01-01' };
    expect(massMessageBody(5, message, { filter })).toEqual({
      community_id: 5,
      facebook_bot_configuration_id: 1,
      name: 'Mutirão de sábado',
      text: 'Vem com a gente!',
      quick_reply_redirect: null,
      quick_reply_button_text: null,
      segmentation: { filter: { operator: 'and', tags: ['centro'], period: 'week' } },
    });
    expect(massMessageBody(5, message, { segmentId: 7, filter }).segmentation).toEqual({ segment_id: 7 });
  });

  it('sends the quick reply trimmed when it is set', () => {
    const body = massMessageBody(
      5,
      { ...message, quick_reply_redirect: ' Inscrição ', quick_reply_button_text: 'Quero ' },
      { filter: EMPTY_FILTER },
    );
    expect(body).toMatchObject({ quick_reply_redirect: 'Inscrição', quick_reply_button_text: 'Quero' });
  });

  it('adds a typed test target once, trimmed, and nothing for blanks', () => {
    const one = withTarget([], '  Ana <ana@example.org> ');
    expect(one).toEqual(['Ana <ana@example.org>']);
    expect(withTarget(one, 'Ana <ana@example.org>')).toBe(one);
    expect(withTarget(one, '   ')).toBe(one);
    expect(withTarget(one, '+5581999990000')).toEqual(['Ana <ana@example.org>', '+5581999990000']);
  });

  it('says the campaign’s own counts once queued, the audience’s before', () => {
    const audience = { recipients: [], total: 40, matched: 45, skipped: 5, facebook_bot_configuration_id: 1 };
    expect(sentCounts(undefined, audience)).toEqual({ reached: 40, skipped: 5 });
    const counts = { pending: 38, sending: 0, sent: 0, failed: 0, skipped: 6 };
    const campaign: Partial<Campaign> = { total_impacted_activists: 38, counts };
    expect(sentCounts(campaign, audience)).toEqual({ reached: 38, skipped: 6 });
    // The queue's count wins over the number the enqueue answer gave.
    expect(sentCounts({ ...campaign, skipped_count: 9 }, audience).skipped).toBe(6);
    expect(sentCounts({ total_impacted_activists: 38, skipped_count: 7 }, audience)).toEqual({
      reached: 38,
      skipped: 7,
    });
    expect(sentCounts(undefined)).toEqual({ reached: 0, skipped: 0 });
  });
});
