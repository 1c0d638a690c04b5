import { describe, expect, it } from 'vitest';
import type { BrowserWindow } from '../browser';
import { isMobileAgent, openShare, shareAppUrl, shareWebUrl } from './share';

const input = { url: 'https://praca.example.org/', twitterText: 'Eu apoio #PraçaViva', whatsappText: 'Assine também' };

/** A window that records what it was asked to open. */
function fakeWindow(userAgent: string, blocked = false) {
  const opened: { url: string; target: string; features: string }[] = [];
  const win: BrowserWindow = {
    location: { href: 'https://praca.example.org/' },
    navigator: { userAgent },
    screenX: 100,
    screenY: 50,
    outerWidth: 1400,
    outerHeight: 1000,
    open: (url, target, features) => {
      opened.push({ url, target, features });
      return blocked ? null : { opener: {} };
    },
    requestAnimationFrame: () => 0,
  };
  return { win, opened };
}

describe('share links', () => {
  it('builds each network’s web sharer: Facebook with u, Twitter with text and url, WhatsApp with the text', () => {
    expect(shareWebUrl('facebook', input)).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fpraca.example.org%2F',
    );
    expect(shareWebUrl('twitter', input)).toBe(
      'https://twitter.com/intent/tweet?text=Eu%20apoio%20%23Pra%C3%A7aViva&url=https%3A%2F%2Fpraca.example.org%2F',
    );
    expect(shareWebUrl('whatsapp', input)).toBe(
      'https://api.whatsapp.com/send?text=Assine%20tamb%C3%A9m%20https%3A%2F%2Fpraca.example.org%2F',
    );
    expect(shareWebUrl('whatsapp', { url: input.url })).toBe(
      'https://api.whatsapp.com/send?text=https%3A%2F%2Fpraca.example.org%2F',
    );
  });

  it('uses the apps’ schemes on phones', () => {
    expect(isMobileAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(isMobileAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/130')).toBe(false);
    expect(shareAppUrl('whatsapp', input)).toMatch(/^whatsapp:\/\/send\?text=Assine%20tamb%C3%A9m%20https/);
    expect(shareAppUrl('twitter', input)).toMatch(/^twitter:\/\/post\?message=/);
    expect(shareAppUrl('facebook', input)).toMatch(/^fb:\/\/facewebmodal\/f\?href=https%3A%2F%2Fwww\.facebook\.com/);
    const { win, opened } = fakeWindow('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile');
    expect(openShare('whatsapp', input, win)).toBe(true);
    expect(win.location.href).toMatch(/^whatsapp:\/\//);
    expect(opened).toEqual([]);
  });

  it('opens an 800×600 popup centred on the window elsewhere, and says when it was blocked', () => {
    const { win, opened } = fakeWindow('Mozilla/5.0 (X11; Linux x86_64) Chrome/130');
    expect(openShare('facebook', input, win)).toBe(true);
    expect(opened[0]?.url).toBe(shareWebUrl('facebook', input));
    expect(opened[0]?.features).toBe('width=800,height=600,left=400,top=250');
    const blocked = fakeWindow('Mozilla/5.0 (X11; Linux x86_64) Chrome/130', true);
    expect(openShare('twitter', input, blocked.win)).toBe(false);
  });
});
