import { Button, Group, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shell/icons';

/** How long the button says 'Link copiado!' before offering to copy again. */
const COPIED_MS = 3000;

/** The clipboard API where the page may use it, else the selection and the older copy command. */
async function copy(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input?.select();
    // The fallback for a page the clipboard API refuses (no permission, an insecure context).
    return document.execCommand('copy');
  }
}

/** The page's address, read-only, with a button that copies it and says so (announced to screen readers too). */
export function CopyLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<'copied' | 'failed'>();
  useEffect(() => {
    if (result !== 'copied') return;
    const timer = setTimeout(() => setResult(undefined), COPIED_MS);
    return () => clearTimeout(timer);
  }, [result]);
  return (
    <div>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          ref={input}
          label={t('launch.pageUrl')}
          value={url}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          style={{ flex: '1 1 14rem' }}
        />
        <Button
          variant={result === 'copied' ? 'light' : 'default'}
          color={result === 'copied' ? 'success' : undefined}
          leftSection={<Icon name="copy" size={18} />}
          onClick={async () => setResult((await copy(url, input.current)) ? 'copied' : 'failed')}
        >
          {result === 'copied' ? t('launch.copied') : t('launch.copyLink')}
        </Button>
      </Group>
      <Text size="sm" c={result === 'failed' ? 'danger.8' : 'success.9'} role="status" mt={4}>
        {result === 'copied' ? t('launch.copied') : result === 'failed' ? t('launch.copyFailed') : ''}
      </Text>
    </div>
  );
}
