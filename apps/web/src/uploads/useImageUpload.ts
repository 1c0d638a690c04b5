import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { checkImageFile, putFile, signUpload, storedUrlOf, UploadError } from './uploadImage';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'done' }
  /** `encoded` is a catalogue key to render; `text` is a server message already in the user's language. */
  | { phase: 'error'; encoded?: string; text?: string; file: File; retryable: boolean };

/**
 * Check, sign, PUT with progress; reports the stored URL. Leaving the page cancels an upload under way. `check` adds
 * a field's own rule (e.g. the share image's minimum size), as an encoded message when the file is refused.
 */
export function useImageUpload(onUploaded: (url: string) => void, check?: (file: File) => Promise<string | undefined>) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);
  // A mutation, so that a failed request reaches the generic toast through the mutation cache.
  const { mutateAsync: sign } = useMutation({ mutationFn: signUpload, meta: { showsErrors: 'refusals' } });

  const upload = useCallback(
    async (file: File) => {
      const refused = checkImageFile(file) ?? (await check?.(file));
      if (refused) {
        setState({ phase: 'error', encoded: refused, file, retryable: false });
        return;
      }
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ phase: 'uploading', percent: 0 });
      try {
        const { signedUrl, url } = await sign(file);
        await putFile(signedUrl, file, (percent) => setState({ phase: 'uploading', percent }), current.signal);
        setState({ phase: 'done' });
        onUploaded(url ?? storedUrlOf(signedUrl));
      } catch (error) {
        if (current.signal.aborted) return;
        const text =
          error instanceof ApiError && error.kind === 'response'
            ? [...error.messages, ...Object.values(error.fields).flat()][0]
            : error instanceof UploadError
              ? error.serverMessage
              : undefined;
        // A refused file (wrong type, too large) would be refused again; a network or server failure may pass.
        const refused =
          (error instanceof ApiError && error.kind === 'response') || (error instanceof UploadError && error.refused);
        setState({ phase: 'error', text, encoded: text ? undefined : 'upload.failed', file, retryable: !refused });
      }
    },
    [onUploaded, check, sign],
  );

  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, upload, reset };
}
