import { Alert, Anchor, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../auth/SessionProvider';
import { communityQueryKey, fetchCommunity } from '../../communities/settings/communityApi';
import { Icon } from '../../shell/icons';
import { embedBase, embedSnippet } from './embedSnippet';
import { useWidgetSettingsContext } from './WidgetSettingsLayout';

/** Where the community lists the sites allowed to embed its widgets: a section of its Informações tab. */
export const EMBED_ORIGINS_PATH = '/community/info';

/** How long the button says 'Código copiado' before offering to copy again. */
const COPIED_MS = 3000;

async function copy(text: string, field: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // The fallback for a page the clipboard API refuses (no permission, an insecure context).
    field?.select();
    return document.execCommand('copy');
  }
}

/**
 * Incorporar (issue 35), the same tab for every action widget: the snippet that places the widget on another site,
 * exactly as it is to be pasted, a button that copies it and says so, and where the community lists the sites
 * allowed to show it, with a warning while it lists none.
 */
export function EmbedPage() {
  const { t } = useTranslation();
  const { widget } = useWidgetSettingsContext();
  const { community } = useSession();
  const id = community?.id ?? 0;
  const details = useQuery({ queryKey: communityQueryKey(id), queryFn: () => fetchCommunity(id), enabled: id > 0 });
  const origins = details.data?.embed_origins;
  const snippet = embedSnippet(embedBase(), widget.id);
  const field = useRef<HTMLTextAreaElement>(null);
  const [result, setResult] = useState<'copied' | 'failed'>();
  useEffect(() => {
    if (result !== 'copied') return;
    const timer = setTimeout(() => setResult(undefined), COPIED_MS);
    return () => clearTimeout(timer);
  }, [result]);
  const allowedLink = (
    <Anchor component={Link} to={EMBED_ORIGINS_PATH}>
      {t('embed.allowedLink')}
    </Anchor>
  );
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('embed.title')}
        </Title>
        <Text>{t('embed.intro')}</Text>
        {origins && origins.length === 0 && (
          <Alert color="yellow" variant="light">
            <Stack gap={4} align="flex-start">
              <Text size="sm">{t('embed.noneAllowed')}</Text>
              {allowedLink}
            </Stack>
          </Alert>
        )}
        <Textarea
          ref={field}
          label={t('embed.codeLabel')}
          value={snippet}
          readOnly
          autosize
          minRows={2}
          styles={{ input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } }}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="embed-snippet"
        />
        <div>
          <Group gap="sm">
            <Button
              variant={result === 'copied' ? 'light' : 'filled'}
              color={result === 'copied' ? 'success' : undefined}
              leftSection={<Icon name="copy" size={18} />}
              onClick={async () => setResult((await copy(snippet, field.current)) ? 'copied' : 'failed')}
            >
              {result === 'copied' ? t('embed.copied') : t('embed.copy')}
            </Button>
          </Group>
          <Text size="sm" c={result === 'failed' ? 'danger.8' : 'success.9'} role="status" mt={4}>
            {result === 'copied' ? t('embed.copied') : result === 'failed' ? t('embed.copyFailed') : ''}
          </Text>
        </div>
        {!(origins && origins.length === 0) && (
          <Text size="sm">
            {t('embed.allowedNote')} {allowedLink}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t('embed.unpublished')}
        </Text>
      </Stack>
    </Paper>
  );
}
