import { serializeFormFields } from '@mutirao/core';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The two screens the public page is checked on: a 390 px phone and a desktop. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

const heading = (text: string) =>
  JSON.stringify([
    { type: 'heading', level: 1, children: [{ text }] },
    { type: 'paragraph', children: [{ text }] },
  ]);
const column = (kind: string, settings: Record<string, unknown>) => ({
  sm_size: 12,
  md_size: 12,
  lg_size: 12,
  kind,
  settings,
});

/** Adds one block, named (or not: `null`), with one widget, to a mobilization, through the API as its organiser. */
export async function addBlock(
  api: APIRequestContext,
  mobilizationId: number,
  name: string | null,
  widget: { kind: string; settings: Record<string, unknown> },
) {
  const res = await api.post(`/api/mobilizations/${mobilizationId}/blocks`, {
    data: { block: { ...(name ? { name } : {}), widgets_attributes: [column(widget.kind, widget.settings)] } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export const content = (text: string) => ({ kind: 'content', settings: { content: heading(text) } });

/**
 * A whole campaign as an organiser builds it, through the API: named content blocks around a sign-up form, an e-mail
 * pressure and a phone pressure (the community's Twilio saved, so the sandbox places the calls).
 */
export async function buildCampaign(page: Page, communityId: number, mobilizationId: number) {
  await addBlock(page.request, mobilizationId, 'Quem somos', content('Um coletivo pela tarifa zero'));
  await addBlock(page.request, mobilizationId, 'Assine', {
    kind: 'form',
    settings: {
      call_to_action: 'Assine o manifesto',
      button_text: 'Assinar',
      finish_message_type: 'share',
      count_text: 'pessoas assinaram',
      fields: serializeFormFields([
        { uid: 'f-nome', kind: 'text', label: 'Nome', placeholder: '', required: 'true' },
        { uid: 'f-email', kind: 'email', label: 'E-mail', placeholder: '', required: 'true' },
      ]),
    },
  });
  await addBlock(page.request, mobilizationId, 'Pressione', {
    kind: 'pressure',
    settings: {
      call_to_action: 'Pressione a Câmara',
      button_text: 'Enviar pressão',
      count_text: 'pessoas pressionaram',
      targets: ['Vereadora Ana <ana@camara.example.org>', 'Vereador Beto <beto@camara.example.org>'],
      pressure_subject: 'Tarifa zero aos domingos',
      pressure_body: 'Vereadoras e vereadores, aprovem a tarifa zero aos domingos.',
      finish_message_type: 'share',
    },
  });
  await addBlock(page.request, mobilizationId, 'Ligue', {
    kind: 'pressure-phone',
    settings: {
      call_to_action: 'Ligue para a Câmara',
      count_text: 'pessoas ligaram',
      targets: ['Vereadora Cida <+5581999990000>'],
      finish_message_type: 'share',
    },
  });
  await addBlock(page.request, mobilizationId, 'Agenda', content('Próximos encontros'));
  await connectTwilio(page.request, communityId);
}

/** The community's Twilio account, saved as its organiser (signed in on `request`); the server's driver places calls. */
export async function connectTwilio(request: APIRequestContext, communityId: number) {
  const twilio = await request.put(`/api/communities/${communityId}/twilio`, {
    data: {
      twilio_configuration: {
        twilio_account_sid: `AC${'ab'.repeat(16)}`,
        twilio_auth_token: 'c3'.repeat(16),
        twilio_number: '+5511933330000',
      },
    },
  });
  expect(twilio.status(), await twilio.text()).toBe(200);
}

/** A visitor's own browser, at a size, with touch on the phone. */
export async function visitorAt(browser: Browser, viewport: typeof PHONE, url: string) {
  const context = await browser.newContext({ locale: 'pt-BR', viewport, hasTouch: viewport.width < 600 });
  const visitor = await context.newPage();
  await visitor.goto(url);
  return visitor;
}

/**
 * Scrolls the page as a visitor filling a long widget does: its top just under the fixed navbar, out of sight. The
 * message that replaces the widget after acting starts there too, so only a page that scrolls it into view shows it.
 */
export async function tuckUnderNavbar(widget: Locator) {
  await widget.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 8));
  await expect
    .poll(() =>
      widget.evaluate((element) => {
        const bar = document.querySelector('.mz-navbar--fixed')?.getBoundingClientRect();
        return !!bar && element.getBoundingClientRect().top < bar.bottom;
      }),
    )
    .toBe(true);
}

/**
 * The message shown after acting is whole below the sticky navbar and has the focus (so screen readers announce
 * it). Waits for the scroll to settle rather than for a time.
 */
export async function expectRevealed(message: Locator) {
  await expect(message).toBeVisible();
  await expect(message).toBeFocused();
  await expect
    .poll(() =>
      message.evaluate((element) => {
        const bar = document.querySelector('[data-mz-navbar]')?.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        return box.top >= (bar ? bar.bottom : 0) - 0.5 && box.top < window.innerHeight;
      }),
    )
    .toBe(true);
}
