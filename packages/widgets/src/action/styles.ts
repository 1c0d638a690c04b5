import { BODY_TEXT } from '../theme';

/*
 * The action widgets' styles (form now; pressure and donation reuse them): a white card on the block's background,
 * the title on a band of the widget's colour, labelled fields, the error list, the button, the counter, the finish
 * message and the share screen. `--mz-form-color` is main_color darkened until white text on it reaches 4.5:1.
 */
export const actionCss = `
.mz-form-widget{--mz-form-color:var(--mz-link);text-shadow:none}
.mz-form{background:#fff;color:${BODY_TEXT};border-radius:.5rem;box-shadow:0 2px 12px rgba(0,0,0,.15);overflow:hidden}
.mz-form[inert]{cursor:default}
.mz-page .mz-form__title{margin:0;padding:1.25rem 1.5rem;background:var(--mz-form-color);color:#fff;font-size:1.5rem;line-height:1.25}
.mz-form__fields{display:flex;flex-direction:column;gap:1rem;padding:1.5rem 1.5rem 0}
.mz-form__field{display:flex;flex-direction:column;gap:.375rem}
.mz-form__label{font-weight:700;font-size:.9375rem}
.mz-form__required{color:#b00020}
.mz-form__input{width:100%;min-height:2.75rem;padding:.5rem .75rem;border:1px solid #767676;border-radius:.375rem;background:#fff;color:${BODY_TEXT};font:inherit}
.mz-form__input::placeholder{color:#6b6b6b}
.mz-form__input:focus-visible{outline:3px solid var(--mz-form-color);outline-offset:1px}
.mz-form__input[aria-invalid="true"]{border-color:#b00020;box-shadow:inset 0 0 0 1px #b00020}
/* What is focused for the visitor (a thank-you, a retry, a heading, an invalid field with its label) stops below the
   fixed navbar. */
.mz-page [tabindex="-1"]{scroll-margin-top:calc(var(--mz-navbar-height) + .75rem)}
.mz-page .mz-form__input{scroll-margin-top:calc(var(--mz-navbar-height) + 2.5rem)}
.mz-form__empty{margin:0;color:#555}
.mz-form__errors{margin:1rem 1.5rem 0;padding:.75rem 1rem;border-left:4px solid #b00020;background:#fdecee;color:#8a0019}
.mz-form__errors:focus-visible{outline:3px solid #8a0019;outline-offset:2px}
.mz-form__errors[hidden]{display:none}
.mz-form__errors-title{margin:0 0 .25rem;font-weight:700}
.mz-form__errors ul{margin:0;padding-left:1.25rem}
.mz-form__retry:empty{display:none}
.mz-form__retry{margin:1rem 1.5rem 0;padding:.75rem 1rem;border-left:4px solid #8a6100;background:#fff6db;color:#3d2b00}
.mz-form__retry p{margin:0 0 .5rem}
.mz-form__retry button{font:inherit;font-weight:700;color:#3d2b00;background:none;border:2px solid currentColor;border-radius:4px;padding:.25rem .75rem;cursor:pointer}
.mz-form__retry button:focus-visible{outline:3px solid #3d2b00;outline-offset:2px}
.mz-form__submit{display:block;width:calc(100% - 3rem);margin:1.25rem 1.5rem 1.5rem;min-height:3rem;padding:.75rem 1rem;border:0;border-radius:.375rem;background:var(--mz-form-color);color:#fff;font:inherit;font-weight:700;font-size:1.0625rem;text-transform:uppercase;letter-spacing:.03em;cursor:pointer}
.mz-form__submit:hover{filter:brightness(1.1)}
.mz-form__submit:focus-visible{outline:3px solid ${BODY_TEXT};outline-offset:3px}
/* Only a button that cannot act looks disabled (while sending, or with nothing to act on); an incomplete form's button
   looks ready and, pressed, shows what is missing. */
.mz-form__submit[aria-disabled="true"],.mz-form__submit:disabled{opacity:.6;cursor:not-allowed;filter:none}
.mz-form__consent{margin:-.5rem 1.5rem 1.25rem;font-size:.8125rem;line-height:1.4;color:#555}
.mz-form__consent a{color:inherit;text-decoration:underline}
.mz-challenge{margin:.5rem 0 0;font-size:.8125rem;line-height:1.4;text-align:center}
.mz-count{margin:.75rem 0 0;text-align:center;font-weight:700}
.mz-form-widget__done{border-radius:.5rem;overflow:hidden;background:#fff;color:${BODY_TEXT};box-shadow:0 2px 12px rgba(0,0,0,.15)}
.mz-form-widget__done:focus{outline:none}
.mz-form-widget__done:focus-visible{outline:3px solid var(--mz-form-color);outline-offset:2px}
.mz-form__greetings{margin:0;padding:2rem 1.5rem;font-size:1.25rem;font-weight:700;text-align:center}
.mz-finish{padding:2rem 1.5rem}
.mz-share{display:flex;flex-direction:column;align-items:center;gap:1rem;padding:2rem 1.5rem;text-align:center;color:var(--mz-form-color)}
.mz-share__message{margin:0;font-size:1.375rem;font-weight:700;color:${BODY_TEXT}}
.mz-share__check{display:block}
.mz-share__image{max-width:12rem;max-height:12rem;object-fit:contain}
.mz-share__title{margin:0;font-weight:700;color:${BODY_TEXT}}
.mz-share__buttons{display:flex;flex-wrap:wrap;justify-content:center;gap:.5rem;margin:0;padding:0;list-style:none}
.mz-page .mz-share a.mz-share__button{display:inline-flex;align-items:center;gap:.5rem;min-height:2.75rem;padding:.5rem 1rem;border-radius:.375rem;color:#fff;font-weight:700;text-decoration:none}
.mz-page .mz-share__button:hover{text-decoration:underline}
.mz-share__button--facebook{background:#1565c0}
.mz-share__button--twitter{background:#14171a}
.mz-share__button--whatsapp{background:#0f7a3a}
`;
