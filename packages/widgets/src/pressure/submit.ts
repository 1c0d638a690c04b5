import type { Locale } from '@mutirao/core/i18n';
import type { PressureFill } from '@mutirao/core/widgets/pressureRules';
import { apiUrl } from '../action/apiBase';
import { type ActionResult, postAction } from '../action/useActionSubmit';

const FIELDS = new Set(['firstname', 'lastname', 'email', 'city', 'subject', 'body']);

/** `POST /api/widgets/{id}/fill` `{fill: {activist, mail}}` (spec 01 §7); errors are keyed by the fill's fields. */
export function submitPressureFill(
  input: { widgetId: number; fill: PressureFill; website: string; locale: Locale; key?: string },
  failed: string,
): Promise<ActionResult> {
  return postAction(
    apiUrl(`/api/widgets/${input.widgetId}/fill`),
    { fill: input.fill, website: input.website },
    { locale: input.locale, failed, known: FIELDS, key: input.key, widgetId: input.widgetId },
  );
}
