import { Alert, Button, EmptyState, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../auth/SessionProvider';
import { ConfirmDialog } from '../editor/content/ConfirmDialog';
import { fetchTemplates, type TemplateSummary, templatesQueryKey } from '../mobilizations/createApi';
import { MobilizationsFrame } from '../mobilizations/MobilizationTabs';
import { Icon } from '../shell/icons';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { showSuccess } from '../shell/toasts';
import { matchesName } from './matchesName';
import { TemplateList } from './TemplateList';
import { deleteTemplate } from './templatesApi';

/**
 * `/mobilizations/templates/list` (spec 01 §2): the community's own templates, filtered by name, each removable
 * after the spec's confirmation. With none, 'Nenhum template criado.' and a way back to the mobilizations.
 */
export default function TemplatesListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { community } = useSession();
  const communityId = community?.id ?? 0;
  const [filter, setFilter] = useState('');
  const [removing, setRemoving] = useState<TemplateSummary | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const templates = useQuery({
    queryKey: templatesQueryKey(communityId, false),
    queryFn: () => fetchTemplates(communityId, false),
    enabled: communityId > 0,
  });
  const remove = useMutation({
    mutationFn: (template: TemplateSummary) => deleteTemplate(template.id),
    onSuccess: (_, template) => showSuccess(t('templateList.removedToast', { name: template.name })),
    // A failure gets the toast (a 404: someone else removed it first); either way the list is read again.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['templates', communityId] });
      setRemoving(null);
      // The removed row's button is gone, so the dialog cannot hand focus back to it; once it has faded out,
      // focus goes to the filter (or the page, when the list is now empty).
      window.setTimeout(() => (searchRef.current ?? document.getElementById('main-content'))?.focus(), 300);
    },
  });
  const shown = (templates.data ?? []).filter((tpl) => matchesName(tpl.name, filter));

  return (
    <MobilizationsFrame active="templates">
      {templates.isPending && <LoadingScreen label={t('app.loading')} inline />}
      {templates.isError && (
        <Alert color="danger" variant="light" role="alert">
          {t('errors.pageFailed')}
        </Alert>
      )}
      {templates.data?.length === 0 && (
        <Paper withBorder p="xl">
          <EmptyState variant="light" color="brand" icon={<Icon name="copy" size={28} />}>
            <EmptyState.Title order={2}>{t('templates.empty')}</EmptyState.Title>
            <EmptyState.Description>{t('templateList.emptyHelp')}</EmptyState.Description>
            <EmptyState.Actions>
              <Button component={Link} to="/mobilizations" variant="light">
                {t('templateList.goToMobilizations')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      )}
      {templates.data && templates.data.length > 0 && (
        <Stack gap="md">
          <TextInput
            label={t('templateList.search')}
            type="search"
            ref={searchRef}
            maw={420}
            leftSection={<Icon name="search" size={16} />}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
          />
          {shown.length === 0 ? (
            <Text role="status">{t('chooseTemplate.noMatch')}</Text>
          ) : (
            <TemplateList templates={shown} onRemove={setRemoving} />
          )}
        </Stack>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t('templateList.confirmTitle')}
        message={t('templateList.confirm')}
        confirmLabel={t('templateList.confirmAction')}
        danger
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </MobilizationsFrame>
  );
}
