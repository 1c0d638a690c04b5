import { type Locale, translate } from '@mutirao/core/i18n';
import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { browserWindow } from '../browser';
import { openShare, SHARE_NETWORKS, type ShareInput, type ShareNetwork, shareWebUrl } from './share';

export interface ShareScreenProps {
  locale: Locale;
  /** The message above the image, e.g. a thank-you. Defaults to 'Obrigado por participar!'. */
  message?: ReactNode;
  /** An image address; a check mark when absent (spec 02 §2). */
  imageUrl?: string;
  /** What to share. The page address is read in the browser when this is left out. */
  share: Omit<ShareInput, 'url'> & { url?: string };
  /** The widget's colour, for the buttons' frame. */
  color?: string;
}

/** A check mark, the default image: decorative, the message says it all. */
function CheckMark() {
  return (
    <svg className="mz-share__check" viewBox="0 0 48 48" width="72" height="72" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill="currentColor" />
      <path
        d="M14 25l7 7 13-15"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const ICONS: Record<ShareNetwork, string> = {
  facebook: 'M14 8h3V4h-3c-2.8 0-4 1.9-4 4.5V11H7v4h3v9h4v-9h3l1-4h-4V8.8c0-.5.3-.8 1-.8z',
  twitter: 'M4 4h4.5l4.2 5.8L17.8 4H20l-6.3 7.3L21 20h-4.5l-4.6-6.3L6.3 20H4l6.9-7.9z',
  whatsapp:
    'M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3zm4.6 12.6c-.2.6-1.2 1.1-1.7 1.1-.4.1-1 .1-1.6-.1a14 14 0 0 1-1.4-.5c-2.5-1.1-4.2-3.6-4.3-3.8-.1-.2-1-1.4-1-2.6 0-1.3.7-1.9.9-2.1.2-.3.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.8 2c.1.2.1.3 0 .5l-.3.5-.4.4c-.1.2-.3.3-.1.6.2.3.8 1.3 1.7 2.1 1.1 1 2.1 1.3 2.4 1.5.3.1.5.1.6-.1l.9-1c.2-.3.4-.2.6-.1l1.9.9c.3.1.5.2.5.3.1.2.1.7-.1 1.3z',
};

/**
 * The share screen (spec 02 §2), shared by every action widget: a message, an image, 'Agora, compartilhe com seus
 * amigos!' and Facebook, X (Twitter) and WhatsApp buttons. Each button is a real link to the network's web sharer, so it
 * works without script; with script it opens an 800×600 popup, or the app on a phone.
 */
export function ShareScreen({ locale, message, imageUrl, share, color }: ShareScreenProps) {
  // The page's own address, read once mounted: the server does not know it, and the links must carry it when the
  // popup is blocked and the link opens as a new tab.
  const [pageUrl, setPageUrl] = useState(share.url ?? '');
  useEffect(() => {
    if (!share.url) setPageUrl(browserWindow().location.href.split('#')[0] ?? '');
  }, [share.url]);
  const input: ShareInput = { ...share, url: share.url ?? pageUrl };
  const onClick = (network: ShareNetwork) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (openShare(network, input)) event.preventDefault();
  };
  const href = (network: ShareNetwork) => shareWebUrl(network, input);
  return (
    <div className="mz-share" style={color ? { color } : undefined}>
      <p className="mz-share__message">{message ?? translate(locale, 'shareScreen.defaultMessage')}</p>
      {imageUrl ? <img className="mz-share__image" src={imageUrl} alt="" /> : <CheckMark />}
      <p className="mz-share__title">{translate(locale, 'actionWidget.shareTitle')}</p>
      <ul className="mz-share__buttons">
        {SHARE_NETWORKS.map((network) => (
          <li key={network}>
            <a
              className={`mz-share__button mz-share__button--${network}`}
              href={href(network)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={onClick(network)}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d={ICONS[network]} fill="currentColor" />
              </svg>
              <span>{translate(locale, `shareScreen.${network}`)}</span>
              <span className="mz-visually-hidden"> {translate(locale, 'shareScreen.opensPopup')}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
