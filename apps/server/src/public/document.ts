import type { Mobilization } from '../db/schema';
import { escapeHtml } from '../http/html';

const GA_ID = /^(UA-\d{4,10}-\d{1,4}|G-[A-Z0-9]{4,12})$/;

/** The Google Analytics snippet for a UA- or G- id; nothing for anything else (the id is validated on save too). */
export function analyticsSnippet(code: string | null): string {
  const id = code?.trim();
  if (!id || !GA_ID.test(id)) return '';
  return (
    `<script async src="https://www.googletagmanager.com/gtag/js?id=${id}"></script>` +
    `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config','${id}');</script>`
  );
}

export interface DocumentParts {
  mobilization: Mobilization;
  /** The page's address, for og:url. */
  url: string;
  /** Server-rendered page body. */
  body: string;
  /** Inline CSS: the widgets' stylesheet and the page's fonts. */
  css: string;
  /** Inline script run after the body (the navbar's fixed-on-scroll behaviour). */
  script: string;
  /** The island bundle's tags, last in <body>; empty for a page without interactive widgets. */
  islands?: string;
  /** More tags for <head>, if any. */
  head?: string;
  /** The link preview's image when the page has no share image of its own: the community's. */
  fallbackImage?: string | null;
}

/** The whole public page: language, title, favicon, Open Graph and Twitter meta, analytics, then the body. */
export function publicDocument({
  mobilization: m,
  url,
  body,
  css,
  script,
  islands = '',
  head = '',
  fallbackImage,
}: DocumentParts): string {
  const title = m.facebookShareTitle || m.name;
  // Crawlers need an absolute address; uploads on local storage are stored as paths. The share image is optional
  // at launch: without one the preview shows the community's image, or only the texts.
  const shareImage = m.facebookShareImage || fallbackImage;
  const image = shareImage ? new URL(shareImage, url).href : null;
  const description = m.facebookShareDescription || m.goal;
  const meta = (attr: 'name' | 'property', key: string, value: string | null | undefined) =>
    value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}">` : '';
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(m.language || 'pt-BR')}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(m.name)}</title>`,
    head,
    meta('name', 'description', description),
    `<link rel="icon" href="${escapeHtml(m.favicon || 'data:,')}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:url', url),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', m.twitterShareText || description),
    meta('name', 'twitter:image', image),
    `<style>html,body{margin:0}${css.replace(/<\/style/gi, '<\\/style')}</style>`,
    analyticsSnippet(m.googleAnalyticsCode),
    '</head>',
    `<body>${body}<script>${script.replace(/<\/script/gi, '<\\/script')}</script>${islands}</body>`,
    '</html>',
  ].join('');
}
