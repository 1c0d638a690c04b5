/** What `validateEmbed` answers: the trimmed snippet, or the spec's error as a catalogue key. */
export type EmbedCheck = { ok: true; embed: string } | { ok: false; error: 'richtext.scriptNotPermitted' };

const ALLOWED_START = /^<(iframe|script)[\s>/]/i;

/**
 * An embed must start with an iframe or a script tag (spec 02 §5), else 'Sorry, script name not permitted'.
 * The snippet itself is the organiser's: it is rendered as given, and only on the public page (see widgets).
 */
export function validateEmbed(input: unknown): EmbedCheck {
  const embed = typeof input === 'string' ? input.trim() : '';
  return ALLOWED_START.test(embed) ? { ok: true, embed } : { ok: false, error: 'richtext.scriptNotPermitted' };
}
