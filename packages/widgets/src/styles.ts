import { actionCss } from './action/styles';
import { WIDGET_REGISTRY } from './registry';
import { BLACK_TEXT, BODY_TEXT, LIGHT_TEXT, PALETTES } from './theme';
import type { WidgetModule } from './types';

/*
 * The page stylesheet, as a string the server inlines in <head> and the editor injects once. Everything is scoped
 * under .mz-page, so it never leaks into the admin app around the editor. Mobile first; columns respond to the
 * width of the page (a container query), not of the window, so the editor — narrower, beside its sidebar — lays a
 * page out exactly as a visitor's screen of that width does.
 */

const columns = (size: 'sm' | 'md' | 'lg') =>
  Array.from({ length: 12 }, (_, i) => `.mz-page .mz-col-${size}-${i + 1}{grid-column:span ${i + 1}}`).join('');

const schemes = PALETTES.map((p) =>
  [
    `.mz-scheme-${p.name}{--mz-primary:${p.primary};--mz-link:${p.link};--mz-navbar-bg:${p.navbar}}`,
    ...p.backgrounds.map(
      (bg) =>
        // Links take the text colour on coloured backgrounds (still underlined): the brand colour may not contrast.
        `.mz-scheme-${p.name} .${bg.className}{background-color:${bg.color};color:${bg.text}}` +
        `.mz-page.mz-scheme-${p.name} .${bg.className} a{color:${bg.text}}`,
    ),
  ].join(''),
).join('');

const base = `
.mz-page{--mz-navbar-height:3.5rem;font-family:var(--mz-body-font);color:${BODY_TEXT};background:#fff;line-height:1.6;font-size:1rem;-webkit-text-size-adjust:100%;text-size-adjust:100%}
.mz-page *,.mz-page *::before,.mz-page *::after{box-sizing:border-box}
.mz-page :focus-visible{outline:3px solid var(--mz-link);outline-offset:2px}
.mz-page .mz-visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.mz-page h1,.mz-page h2,.mz-page h3,.mz-page h4,.mz-page h5,.mz-page h6{font-family:var(--mz-header-font);line-height:1.15;margin:0 0 .5em;overflow-wrap:anywhere}
.mz-page h1,.mz-page .mz-rt-h1{font-size:clamp(2.25rem,1.5rem + 5cqi,5rem);text-transform:none;letter-spacing:normal}
.mz-page h2,.mz-page .mz-rt-h2{font-size:clamp(2rem,1.25rem + 4cqi,4.5rem);text-transform:none;letter-spacing:normal}
.mz-page h3,.mz-page .mz-rt-h3{font-size:clamp(1.75rem,1.25rem + 2.5cqi,3rem);text-transform:none;letter-spacing:normal}
.mz-page h4,.mz-page .mz-rt-h4{font-size:1.5rem;text-transform:none;letter-spacing:normal}
.mz-page h5,.mz-page .mz-rt-h5{font-size:1.125rem;text-transform:none;letter-spacing:normal}
.mz-page h6,.mz-page .mz-rt-h6{font-size:.875rem;text-transform:uppercase;letter-spacing:.04em}
.mz-page a{color:var(--mz-link);text-decoration:underline;text-underline-offset:.15em}
.mz-page img{max-width:100%;height:auto}

/* The query container is the blocks' wrapper, not the page: containment there would trap the fixed navbar. */
.mz-blocks{container:mz-page/inline-size;display:block}
/*
 * The navbar is exactly --mz-navbar-height tall, the distance every scroll target keeps from the top (scroll-margin),
 * so a block or a message it scrolls to is never under the fixed bar. It stacks above the blocks: they come later and
 * are positioned, and the container query makes the bar a stacking context of its own, so without a z-index the
 * folded menu's links were painted under the sections below.
 */
.mz-navbar-slot{height:var(--mz-navbar-height);position:relative;z-index:50}
.mz-navbar{background:var(--mz-navbar-bg);color:${LIGHT_TEXT};height:var(--mz-navbar-height);display:flex;align-items:center}
.mz-navbar nav{width:100%;position:relative}
.mz-navbar{container:mz-navbar/inline-size}
.mz-page .mz-navbar__toggle{display:none;align-items:center;gap:.6rem;margin:0 1rem;padding:.6rem .75rem;min-height:2.75rem;background:none;border:2px solid currentColor;border-radius:.4rem;color:inherit;font:inherit;font-weight:700;cursor:pointer}
.mz-navbar__bars,.mz-navbar__bars::before,.mz-navbar__bars::after{display:block;width:1.1rem;height:2px;background:currentColor}
.mz-navbar__bars{position:relative}.mz-navbar__bars::before,.mz-navbar__bars::after{content:'';position:absolute;left:0}
.mz-navbar__bars::before{top:-6px}.mz-navbar__bars::after{top:6px}
.mz-navbar--fixed{position:fixed;top:0;left:0;right:0;z-index:50;box-shadow:0 2px 8px rgba(0,0,0,.25)}
.mz-navbar__list{display:flex;gap:.25rem;overflow-x:auto;list-style:none;margin:0 auto;padding:0 1rem;max-width:72rem;height:100%;scrollbar-width:thin}
.mz-navbar__list li{flex:none;display:flex;align-items:center}
.mz-page .mz-navbar a{display:block;padding:.75rem;line-height:1.5;color:${LIGHT_TEXT};text-decoration:none;font-weight:700;white-space:nowrap}
.mz-page .mz-navbar a:hover{text-decoration:underline}
.mz-page .mz-navbar a:focus-visible{outline-color:${LIGHT_TEXT};outline-offset:-3px}
.mz-navbar__item--menu-hidden a{text-decoration:line-through}
/* Narrow pages fold the list behind the menu button; this comes after the wide rules it overrides. */
@container mz-navbar (max-width:40rem){
.mz-page .mz-navbar__toggle{display:inline-flex}
.mz-navbar__list{display:none;position:absolute;top:100%;left:0;right:0;height:auto;flex-direction:column;align-items:stretch;padding:.25rem 0;background:var(--mz-navbar-bg);box-shadow:0 8px 16px rgba(0,0,0,.25);max-height:70vh;overflow-y:auto}
.mz-navbar[data-open] .mz-navbar__list{display:flex}
.mz-navbar__list li{display:block}
.mz-page .mz-navbar a{padding:.85rem 1.25rem;white-space:normal}
}

.mz-block{position:relative;padding:5em 0;scroll-margin-top:var(--mz-navbar-height);background-size:cover;background-position:center;background-repeat:no-repeat}
.mz-page .mz-block__bg{position:absolute;inset:0;width:100%;height:100%;max-width:none;object-fit:cover;object-position:center}
.mz-block__bg~.mz-block__inner{position:relative}
.mz-block--image{color:${LIGHT_TEXT};background-color:#333;text-shadow:0 1px 3px rgba(0,0,0,.7)}
.mz-page .mz-block--image a,.mz-page .mz-tone-dark a{color:${LIGHT_TEXT}}
.mz-tone-dark{color:${LIGHT_TEXT}}
.mz-tone-light{color:${BODY_TEXT}}
.mz-tone-black{color:${BLACK_TEXT}}
.mz-page .mz-tone-light a,.mz-page .mz-tone-black a{color:inherit}
.mz-block__inner{max-width:72rem;margin:0 auto;padding:0 1rem}
.mz-row{display:grid;grid-template-columns:repeat(12,minmax(0,1fr));gap:1.5rem}
.mz-col{grid-column:span 12;min-width:0}
${columns('sm')}
@container mz-page (min-width:48rem){${columns('md')}}
@container mz-page (min-width:64rem){${columns('lg')}}

.mz-rich-text{overflow-wrap:anywhere}
.mz-rich-text>:first-child{margin-top:0}
.mz-rich-text>:last-child{margin-bottom:0}
.mz-rt-p{margin:0 0 1em}
.mz-rich-text ul,.mz-rich-text ol{margin:0 0 1em;padding-left:1.5em}
.mz-rich-text li>ul,.mz-rich-text li>ol{margin:.25em 0 0}
.mz-rt-li--bare{list-style:none}
.mz-rt-image{display:inline-block;vertical-align:middle}
.mz-rt-grid{display:flex;flex-direction:column;gap:1rem;margin:0 0 1em}
.mz-rt-row{display:flex;flex-wrap:wrap;gap:1rem}
.mz-rt-cell{flex:1 1 12rem;min-width:0}
.mz-embed{max-width:100%;overflow:hidden;margin:.5em 0}
.mz-embed iframe{max-width:100%;border:0}
.mz-embed--preview{position:relative}
.mz-embed__note{position:absolute;top:.25rem;left:.25rem;max-width:calc(100% - .5rem);padding:.125rem .375rem;border-radius:.25rem;background:rgba(255,255,255,.92);font-size:.75rem;line-height:1.3;color:#444;text-shadow:none;pointer-events:none}
.mz-embed-error{display:inline-block;padding:.25rem .5rem;background:#fff;color:#b00020;border:1px solid #b00020;text-shadow:none}

.mz-widget{position:relative}
.mz-widget-placeholder{border:2px dashed currentColor;border-radius:.5rem;padding:2rem 1rem;text-align:center;font-weight:600}
.mz-widget--not-found{padding:1rem;border:2px solid #b00020;border-radius:.5rem;background:#fff;color:#b00020;font-weight:700;text-shadow:none}
.mz-widget-empty{margin:0;padding:2rem 1rem;text-align:center;border:2px dashed #767676;border-radius:.5rem;color:${BODY_TEXT};background:#fff;text-shadow:none}

.mz-page--edit .mz-block--hidden>.mz-block__inner{opacity:.55}
.mz-block__tags{position:absolute;top:.75rem;left:.75rem;z-index:3;display:flex;gap:.5rem;pointer-events:none}
.mz-tag{display:inline-block;padding:.125rem .5rem;border-radius:.25rem;background:#222;color:#fff;font-size:.8125rem;font-weight:700;text-transform:uppercase;letter-spacing:.03em;text-shadow:none}
.mz-tag--muted{background:#595959}
.mz-block__menu{position:absolute;top:.75rem;right:.75rem;z-index:4;text-shadow:none}
/* Overlays never take room, so a block is as tall in the editor as on the page; a short widget's target reaches below it. */
.mz-widget__overlay{position:absolute;inset:-.5rem;min-height:4rem;z-index:1;display:flex;align-items:center;justify-content:center;margin:0;padding:0;border:2px dashed transparent;border-radius:.5rem;background:transparent;color:transparent;font:inherit;font-weight:700;cursor:pointer;text-shadow:none}
.mz-widget__overlay:hover,.mz-widget__overlay:focus-visible{border-color:#fff;background:rgba(0,0,0,.6);color:#fff}
.mz-widget__overlay-label{padding:.25rem .75rem;border-radius:.25rem}
.mz-widget__actions{position:absolute;top:-.25rem;right:-.25rem;z-index:2;display:flex;gap:.25rem;opacity:0;transition:opacity .15s}
.mz-widget--editable:hover>.mz-widget__actions,.mz-widget--editable:focus-within>.mz-widget__actions{opacity:1}
@media (prefers-reduced-motion:reduce){.mz-widget__actions{transition:none}}
`;

/** Each kind's own rules, from its module, so a new kind brings its styles with it. */
const kindsCss = Object.values<WidgetModule>(WIDGET_REGISTRY)
  .map((module) => module.css ?? '')
  .join('');

/** The stylesheet of a mobilization page: base, layout, rich text, edit-mode overlays and every colour scheme. */
export const widgetsCss = (base + actionCss + kindsCss + schemes).replace(/\n+/g, '\n').trim();
