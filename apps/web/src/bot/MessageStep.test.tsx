// @vitest-environment happy-dom
import { catalogues } from '@mutirao/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTER } from '../activists/listParams';
import { button, cleanup, click, errorOf, field, press, render, type, until } from '../testing/dom';
import type { Audience, MessageValues } from './botApi';
import { MessageStep } from './MessageStep';

const words = catalogues['pt-BR'].massMessages;
const audience: Audience = { recipients: [], total: 3, matched: 4, skipped: 1, facebook_bot_configuration_id: 1 };
const sendButton = 'Enviar para 3 pessoas';

/** A fetch double answering as the bot API does, recording each request. */
function stubBot() {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body));
    calls.push({ url, body });
    if (url === '/api/communities/5/bot/test_message')
      return Response.json({
        results: (body.targets as string[]).map((target) => ({ target, status: 'sent' })),
      });
    return Response.json({ id: 11, total_impacted_activists: 3, status: 'queued' }, { status: 201 });
  });
  return calls;
}

async function renderStep(draft?: MessageValues) {
  const sent: unknown[] = [];
  const back: MessageValues[] = [];
  await render(
    <MessageStep
      communityId={5}
      headingRef={{ current: null }}
      segmentation={{ segmentId: 7, filter: EMPTY_FILTER }}
      audience={audience}
      draft={draft}
      onBack={(typed) => back.push(typed)}
      onSent={(campaign) => sent.push(campaign)}
    />,
  );
  return { sent, back };
}

const dialog = () => document.querySelector('[role="dialog"]');

describe('the chat-bot wizard’s message step', () => {
  beforeEach(() => {
    vi.stubGlobal('scrollTo', () => {});
    // Mantine's growing text area listens to the fonts loading, which happy-dom does not have.
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('requires the name and the text, and the quick reply whole or not at all, before asking anything', async () => {
    const calls = stubBot();
    await renderStep();
    await click(button(sendButton));
    await until(() => errorOf(field(words.name)), 'the required messages');
    expect(errorOf(field(words.name))).toBe(words.required);
    expect(errorOf(field<HTMLTextAreaElement>(words.text))).toBe(words.required);
    await type(field(words.name), 'Mutirão de sábado');
    await type(field<HTMLTextAreaElement>(words.text), 'Vem com a gente!');
    await type(field(words.quickReplyRedirect), 'Inscrição');
    await click(button(sendButton));
    await until(() => errorOf(field(words.quickReplyButtonText)), 'the quick reply’s message');
    expect(errorOf(field(words.quickReplyButtonText))).toBe(words.fill);
    expect(errorOf(field(words.name))).toBeUndefined();
    expect(dialog()).toBeNull();
    expect(calls).toEqual([]);
  });

  it('asks before sending, naming how many people and showing the message, and sends only on confirm', async () => {
    const calls = stubBot();
    const { sent } = await renderStep();
    await type(field(words.name), 'Mutirão de sábado');
    await type(field<HTMLTextAreaElement>(words.text), 'Vem com a gente!');
    await type(field(words.quickReplyRedirect), 'Inscrição');
    await type(field(words.quickReplyButtonText), 'Quero ir');
    await click(button(sendButton));
    await until(dialog, 'the confirmation');
    expect(dialog()?.textContent).toContain('Enviar para 3 pessoas?');
    expect(document.querySelector('[data-testid="message-preview"]')?.textContent).toBe('Vem com a gente!Quero ir');
    await click(button(words.confirmCancel));
    expect(calls).toEqual([]);

    await click(button(sendButton));
    await until(dialog, 'the confirmation again');
    await click(button(words.confirmSend));
    await until(() => sent.length, 'the campaign');
    expect(calls).toEqual([
      {
        url: '/api/enqueue-mass-messages',
        body: {
          community_id: 5,
          facebook_bot_configuration_id: 1,
          name: 'Mutirão de sábado',
          text: 'Vem com a gente!',
          quick_reply_redirect: 'Inscrição',
          quick_reply_button_text: 'Quero ir',
          segmentation: { segment_id: 7 },
        },
      },
    ]);
    expect(sent).toEqual([{ id: 11, total_impacted_activists: 3, status: 'queued' }]);
  });

  it('adds test targets on Ctrl+Enter only, flags the invalid ones, and tests the valid ones', async () => {
    const calls = stubBot();
    await renderStep({ name: 'Teste', text: 'Olá', quick_reply_redirect: '', quick_reply_button_text: '' });
    const targets = field(words.targets);
    const testButton = button(words.sendTest);
    await type(targets, 'Ana <ana@example.org>');
    await press(targets, 'Enter');
    // Enter alone neither adds the target nor sends the campaign.
    expect(document.querySelector(`[aria-label="${words.targetsList}"]`)).toBeNull();
    expect(dialog()).toBeNull();
    await type(targets, 'não é contato');
    await press(targets, 'Enter', { ctrlKey: true });
    expect(document.body.textContent).toContain(words.targetInvalid);
    expect(testButton.disabled).toBe(true);
    await type(targets, 'Ana <ana@example.org>');
    await press(targets, 'Enter', { metaKey: true });
    expect(targets.value).toBe('');
    expect(testButton.disabled).toBe(false);
    const chips = [...document.querySelectorAll(`[aria-label="${words.targetsList}"] li`)];
    expect(chips).toHaveLength(2);
    await click(testButton);
    await until(() => document.querySelector(`[aria-label="${words.testResults}"]`), 'the test’s results');
    expect(calls[0]).toMatchObject({ url: '/api/communities/5/bot/test_message', body: { text: 'Olá' } });
    expect(calls[0]?.body.targets).toEqual(['Ana <ana@example.org>']);
    expect(document.querySelector(`[aria-label="${words.testResults}"]`)?.textContent).toBe(
      `Ana <ana@example.org>: ${words.testSent}`,
    );
    // A chip goes with its button, and the test with the last valid one.
    await click(button('Remover Ana <ana@example.org>'));
    expect(testButton.disabled).toBe(true);
  });

  it('keeps what was typed when going back, and shows it again on return', async () => {
    const draft = { name: 'Rascunho', text: 'Quase pronto', quick_reply_redirect: '', quick_reply_button_text: '' };
    const { back } = await renderStep(draft);
    expect(field(words.name).value).toBe('Rascunho');
    await type(field<HTMLTextAreaElement>(words.text), 'Pronto');
    await click(button(words.back));
    expect(back).toEqual([{ ...draft, text: 'Pronto', community_id: 5 }]);
  });
});
