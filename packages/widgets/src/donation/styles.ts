import { BODY_TEXT } from '../theme';

/*
 * The donation widget's own rules; the card, fields, errors, button, counter and share screen are the action
 * widgets' (`action/styles.ts`). Choices are native radios inside labels drawn as buttons, so they keep the
 * keyboard's arrows and the screen reader's "radio, 2 of 5". The boleto's line is a text area of two rows (it wraps
 * on a phone), undoing the 10rem the pressure widget gives form text areas.
 */
export const donationCss = `
.mz-donation__step{display:flex;flex-direction:column}
.mz-page .mz-donation__heading{margin:1.25rem 1.5rem 0;font-size:1.25rem;color:${BODY_TEXT}}
.mz-donation__heading:focus{outline:none}
.mz-donation__heading:focus-visible{outline:3px solid var(--mz-form-color);outline-offset:2px}
.mz-donation__ending p,.mz-donation__offer p,.mz-donation__summary{margin:.75rem 1.5rem 0}
.mz-donation__choices{display:flex;flex-wrap:wrap;gap:.5rem;margin:1.25rem 1.5rem 0;padding:0;border:0;min-width:0}
.mz-donation__choices legend{padding:0;margin-bottom:.5rem;width:100%}
.mz-donation__choice{position:relative;flex:1 1 5.5rem}
.mz-donation__choice input{position:absolute;opacity:0;inset:0;width:100%;height:100%;margin:0;cursor:pointer}
.mz-donation__choice span{display:flex;align-items:center;justify-content:center;min-height:2.75rem;padding:.5rem .75rem;border:2px solid var(--mz-form-color);border-radius:.375rem;background:#fff;color:${BODY_TEXT};font-weight:700;text-align:center}
.mz-donation__choice input:checked+span{background:var(--mz-form-color);color:#fff}
.mz-donation__choice input:focus-visible+span{outline:3px solid ${BODY_TEXT};outline-offset:2px}
.mz-donation__goal{margin:1.25rem 1.5rem 0}
.mz-donation__goal-figures{min-height:3.5rem}
.mz-donation__bar{height:1.75rem;border-radius:.875rem;background:#e4e4e4;overflow:hidden}
.mz-donation__fill{height:100%;min-width:0;border-radius:.875rem;display:flex;align-items:center}
.mz-donation__percent{padding:0 .625rem;color:${BODY_TEXT};font-weight:700;font-size:.875rem;white-space:nowrap}
.mz-donation__pledged{margin:.25rem 0 0;font-weight:700;font-size:.9375rem}
.mz-donation__countdown{margin:.25rem 0 0;font-size:.9375rem;text-transform:uppercase;letter-spacing:.03em}
.mz-donation__notice{margin:1rem 1.5rem 0;padding:.75rem 1rem;border-left:4px solid var(--mz-form-color);background:#f6f6f6}
.mz-donation__sandbox{margin:1rem 1.5rem 0;padding:.75rem 1rem;border:2px dashed #8a5a00;background:#fff8e6;color:#5c3b00}
.mz-donation__sandbox p{margin:0}
.mz-donation__sandbox-label{font-weight:700}
.mz-donation__grid{display:grid;grid-template-columns:1fr 1fr;column-gap:.75rem}
.mz-donation__grid>.mz-form__field{grid-column:span 2}
.mz-donation__grid>.mz-donation__field--short{grid-column:span 1}
.mz-donation__actions{display:flex;flex-wrap:wrap-reverse;align-items:center;gap:0 .75rem;padding:0 1.5rem}
.mz-donation__actions .mz-form__submit{flex:1 1 12rem;width:auto;margin:1.25rem 0 1.5rem}
.mz-donation__back{min-height:2.75rem;padding:.5rem 1rem;border:2px solid var(--mz-form-color);border-radius:.375rem;background:#fff;color:${BODY_TEXT};font:inherit;font-weight:700;cursor:pointer}
.mz-donation__back:focus-visible{outline:3px solid ${BODY_TEXT};outline-offset:3px}
.mz-donation__back:disabled{opacity:.6;cursor:not-allowed}
.mz-donation__ending>.mz-form__submit{width:calc(100% - 3rem)}
.mz-donation__offer-question{font-size:1.125rem;font-weight:700}
.mz-donation__offer-call{font-size:1.125rem;font-weight:700;color:var(--mz-form-color)}
.mz-donation__offer .mz-form__field{margin:1rem 1.5rem 0}
.mz-donation__actions--offer{flex-direction:column;align-items:stretch;padding-bottom:1.5rem}
.mz-donation__actions--offer .mz-form__submit{margin:1.25rem 0 .75rem;flex:none}
.mz-donation__boleto{display:flex;flex-direction:column;gap:.75rem;padding:1.5rem 1.5rem 0}
.mz-donation__boleto textarea.mz-form__input{font-family:monospace;resize:none;word-break:break-all;min-height:0}
.mz-page .mz-donation__boleto-summary{margin:0;font-size:1.125rem;font-weight:700;color:${BODY_TEXT}}
.mz-donation__boleto .mz-donation__back{align-self:flex-start}
.mz-page .mz-donation__boleto-link{font-weight:700;color:${BODY_TEXT}}
`;
