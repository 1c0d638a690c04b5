import { type BrowserWindow, browserWindow } from '../browser';

/** The three networks of the share screen (spec 02 §2, §7 "Share links"). */
export const SHARE_NETWORKS = ['facebook', 'twitter', 'whatsapp'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

export interface ShareInput {
  /** The page being shared. */
  url: string;
  /** The tweet's text (the mobilization's twitter_share_text). */
  twitterText?: string;
  /** The WhatsApp message (whatsapp_text); the page address is added when the text lacks it. */
  whatsappText?: string;
}

/** Popups of 800 by 600 (spec 02 §9). */
export const SHARE_POPUP = { width: 800, height: 600 } as const;

const q = encodeURIComponent;

/** A WhatsApp message that always leads back to the page. */
function whatsappMessage({ url, whatsappText }: ShareInput): string {
  if (!whatsappText) return url;
  return whatsappText.includes(url) ? whatsappText : `${whatsappText} ${url}`;
}

/** The web address of each network's sharer. */
export function shareWebUrl(network: ShareNetwork, input: ShareInput): string {
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${q(input.url)}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?${input.twitterText ? `text=${q(input.twitterText)}&` : ''}url=${q(input.url)}`;
    case 'whatsapp':
      return `https://api.whatsapp.com/send?text=${q(whatsappMessage(input))}`;
  }
}

/** The app scheme used on phones and tablets, where the installed app shares better than a web popup. */
export function shareAppUrl(network: ShareNetwork, input: ShareInput): string {
  switch (network) {
    case 'facebook':
      return `fb://facewebmodal/f?href=${q(shareWebUrl('facebook', input))}`;
    case 'twitter':
      return `twitter://post?message=${q(input.twitterText ? `${input.twitterText} ${input.url}` : input.url)}`;
    case 'whatsapp':
      return `whatsapp://send?text=${q(whatsappMessage(input))}`;
  }
}

/** Phones and tablets, by user agent: the only signal a page has of whether the apps are there. */
export function isMobileAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(userAgent);
}

/**
 * Opens the share: the app on mobile, otherwise an 800×600 popup centred on the window. Returns false when the
 * popup was blocked, so the link's own navigation (a new tab) can take over.
 */
export function openShare(network: ShareNetwork, input: ShareInput, win: BrowserWindow = browserWindow()): boolean {
  if (isMobileAgent(win.navigator.userAgent)) {
    win.location.href = shareAppUrl(network, input);
    return true;
  }
  const { width, height } = SHARE_POPUP;
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
  // Without `noopener` in the features, so a blocked popup shows as null; the opener is cut by hand instead.
  const popup = win.open(
    shareWebUrl(network, input),
    `mz-share-${network}`,
    `width=${width},height=${height},left=${left},top=${top}`,
  );
  if (!popup) return false;
  popup.opener = null;
  return true;
}
