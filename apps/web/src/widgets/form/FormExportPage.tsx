import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommunityDates } from '../../communities/useCommunityDates';
import { SUPPORT_EMAIL } from '../../shell/TechnicalIssuesPage';
import { useWidgetSettingsContext } from '../action/WidgetSettingsLayout';
import { widgetQueryKey } from '../widgetSettingsApi';
import { downloadFormEntries } from './exportCsv';

type ExportState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; filename: string }
  | { status: 'error' };

/**
 * Relatório (spec 02 §4 "Data export", spec 01 §8): the entries as CSV, with the loading state, 'Oba! Tudo pronto (:'
 * and the file name, or 'Ops, deu ruim' in red; the last export's date; and, with no entries yet, 'Nao foi encontrado
 * nenhum dado para ser exportado' instead of a download.
 */
export default function FormExportPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { widget, mobilization } = useWidgetSettingsContext();
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const count = widget.form_entries_count ?? 0;
  const { dateTime } = useCommunityDates();
  const exportedAt = widget.exported_at ? dateTime(widget.exported_at) : undefined;

  const download = async () => {
    setState({ status: 'loading' });
    try {
      const filename = await downloadFormEntries(mobilization.id, widget.id);
      setState({ status: 'done', filename });
      // exported_at moved on the server.
      void queryClient.invalidateQueries({ queryKey: widgetQueryKey(mobilization.id, widget.id) });
    } catch {
      setState({ status: 'error' });
    }
  };

  return (
    <Stack gap="md" maw={760}>
      <Text>{t('formSettings.exportIntro')}</Text>
      {count === 0 ? (
        <Alert color="gray" variant="light" role="status">
          {t('formSettings.noData')}
        </Alert>
      ) : (
        <>
          <Text fw={700}>{t('formSettings.entries', { count })}</Text>
          <Group>
            <Button onClick={() => void download()} loading={state.status === 'loading'}>
              {t('formSettings.download')}
            </Button>
          </Group>
          <div role="status" aria-live="polite">
            {state.status === 'loading' && <Text>{t('formSettings.exporting')}</Text>}
            {state.status === 'done' && (
              <Alert color="success" variant="light" title={t('formSettings.exportSuccess')}>
                {t('formSettings.exportFile', { filename: state.filename })}
              </Alert>
            )}
          </div>
          {state.status === 'error' && (
            <Alert color="danger" variant="light" role="alert" title={t('formSettings.exportFailed')}>
              <Text c="danger.9">{t('formSettings.exportFailedHelp', { email: SUPPORT_EMAIL })}</Text>
            </Alert>
          )}
        </>
      )}
      <Text size="sm">
        {exportedAt ? t('formSettings.lastExported', { date: exportedAt }) : t('formSettings.neverExported')}
      </Text>
    </Stack>
  );
}
