import { useState } from 'react';
import { refusalMessage } from '../api/client';

/**
 * A refusal the server explains (403 for a member who is not an admin, a provider's 422): its text, to show where the
 * action was. Request failures (5xx, network) are left to the generic toast.
 */
export function useApiRefusal(): [string | undefined, (error: unknown) => void, () => void] {
  const [message, setMessage] = useState<string>();
  const onError = (error: unknown) => {
    const text = refusalMessage(error);
    if (text) setMessage(text);
  };
  return [message, onError, () => setMessage(undefined)];
}
