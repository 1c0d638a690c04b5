import type { Locale } from '@mutirao/core/i18n';
import type { PhoneCallInput, PhoneCallStatus } from '@mutirao/core/widgets/pressurePhone';
import { apiUrl } from '../action/apiBase';
import { type ActionResult, postAction } from '../action/useActionSubmit';

export interface CallAnswer {
  id: number;
  key: string;
  status: PhoneCallStatus;
  duration: number | null;
}

const FIELDS = new Set(['first_name', 'last_name', 'email', 'phone_number', 'city', 'target']);

/** `POST /api/widgets/{id}/call`: stores the pressure and starts one call; errors are keyed by the form's fields. */
export function startCall(
  input: { widgetId: number; call: PhoneCallInput & { pressure?: { id: number; key: string } }; website: string },
  options: { locale: Locale; failed: string; key?: string },
): Promise<ActionResult> {
  return postAction(
    apiUrl(`/api/widgets/${input.widgetId}/call`),
    { call: input.call, website: input.website },
    { ...options, known: FIELDS, widgetId: input.widgetId },
  );
}

/** `GET /api/widgets/{id}/telephony`: whether the community can place calls, and whether they are simulated. */
export async function telephonyOf(widgetId: number): Promise<{ configured: boolean; sandbox: boolean } | undefined> {
  try {
    const res = await fetch(apiUrl(`/api/widgets/${widgetId}/telephony`), { headers: { accept: 'application/json' } });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { twilio_configurations?: { count?: number }; sandbox?: boolean };
    return { configured: (body.twilio_configurations?.count ?? 0) > 0, sandbox: body.sandbox === true };
  } catch {
    return undefined;
  }
}

/**
 * `GET /api/twilio/calls/{id}?key=&after=`: the call's next state. The server holds the answer until the call leaves
 * `after` (or 20 s pass), so this returns as each change happens, not on a timer.
 */
export async function nextCallState(call: CallAnswer): Promise<CallAnswer | undefined> {
  try {
    const res = await fetch(
      apiUrl(
        `/api/twilio/calls/${call.id}?key=${encodeURIComponent(call.key)}&after=${encodeURIComponent(call.status)}`,
      ),
      { headers: { accept: 'application/json' } },
    );
    if (!res.ok) return undefined;
    const body = (await res.json()) as { twilio_call?: { status: PhoneCallStatus; duration: number | null } };
    return body.twilio_call
      ? { ...call, status: body.twilio_call.status, duration: body.twilio_call.duration }
      : undefined;
  } catch {
    return undefined;
  }
}
