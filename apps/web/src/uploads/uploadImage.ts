import { isImageContentType, LIMITS, msg } from '@mutirao/core';
import { api, parseErrors } from '../api/client';
import { handleUnauthorized } from '../api/navigation';

/** An encoded catalogue message when the browser can already tell the file will be refused, else undefined. */
export function checkImageFile(file: File): string | undefined {
  if (!isImageContentType(file.type)) return msg('upload.onlyImages');
  if (file.size > LIMITS.imageMaxBytes) return msg('upload.tooLarge', { mb: LIMITS.imageMaxBytes / 1024 / 1024 });
  return undefined;
}

/** The image's size in pixels, read by the browser from the file itself. */
async function imageSize(file: File): Promise<{ width: number; height: number } | undefined> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return undefined;
  }
}

/**
 * The share image's rule (spec 01 §5): at least 600×315 pixels. An encoded message when the file is smaller; a file
 * the browser cannot decode is left to the server, which checks again from the stored bytes.
 */
export async function checkShareImageSize(file: File): Promise<string | undefined> {
  const size = await imageSize(file);
  if (!size || (size.width >= LIMITS.shareImageMinWidth && size.height >= LIMITS.shareImageMinHeight)) return undefined;
  return msg('upload.tooSmall', {
    width: LIMITS.shareImageMinWidth,
    height: LIMITS.shareImageMinHeight,
    idealWidth: LIMITS.shareImageIdealWidth,
    idealHeight: LIMITS.shareImageIdealHeight,
  });
}

/**
 * A failed upload. `serverMessage` is the server's text (already translated) when it gave one; `status` is the
 * HTTP status of the PUT (0 when the network failed).
 */
export class UploadError extends Error {
  constructor(
    readonly serverMessage?: string,
    readonly status = 0,
  ) {
    super(serverMessage ?? 'upload failed');
    this.name = 'UploadError';
  }

  /** The file itself was refused (not an image, too large): sending it again cannot help. */
  get refused(): boolean {
    return this.status === 413 || this.status === 415;
  }
}

/** Step 1: the server checks type and size and answers where to PUT the bytes. */
export function signUpload(file: File) {
  return api<{ signedUrl: string; url?: string }>('/api/uploads', {
    method: 'POST',
    body: { filename: file.name, content_type: file.type, size: file.size },
  });
}

/**
 * Step 2: the bytes go straight to storage (S3 or the server's signed PUT). XMLHttpRequest rather than fetch,
 * because only it reports upload progress.
 */
export function putFile(signedUrl: string, file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', signedUrl);
    xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
        return;
      }
      if (xhr.status === 401) handleUnauthorized();
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      const { fields, messages } = parseErrors(body);
      reject(new UploadError([...messages, ...Object.values(fields).flat()][0], xhr.status));
    };
    xhr.onerror = () => reject(new UploadError());
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * The stored image URL when the server names none: the signed URL without its query (spec 01 §7). Ours always names
 * it, and it differs when images are read from elsewhere than where they are sent (`S3_PUBLIC_URL`).
 */
export function storedUrlOf(signedUrl: string): string {
  return signedUrl.split('?')[0] ?? signedUrl;
}
