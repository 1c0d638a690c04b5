import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../../shell/TechnicalIssuesPage';
import { downloadCsv } from '../../widgets/form/exportCsv';

type Report = 'donations' | 'subscriptions';

type ExportState =
  | { status: 'idle' }
  | { status: 'loading'; report: Report }
  | { status: 'done'; filename: string }
  | { status: 'empty' }
  | { status: 'error' };

/** The spec's calls (spec 01 §7): donations by GET, subscriptions by POST. */
const REPORTS = {
  donations: { method: 'GET', path: (id: number) => `/api/communities/${id}/donation_reports.csv` },
  subscriptions: { method: 'POST', path: (id: number) => `/api/communities/${id}/download_subscriptions.csv` },
} as const;

/**
 * "Relatórios de doação": the community's donations and recurring donations as CSV files, with the spec's report
 * messages (spec 01 §8): 'Oba! Tudo pronto (:' with the file name, 'Ops, deu ruim', and 'Nao foi encontrado nenhum
 * dado para ser exportado' when a report has no row (nothing is saved then).
 */
export function DonationReports({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ExportState>({ status: 'idle' });

  const download = async (report: Report) => {
    setState({ status: 'loading', report });
    const { method, path } = REPORTS[report];
    try {
      const filename = await downloadCsv(path(communityId), { method, fallback: `${report}.csv`, skipEmpty: true });
      setState(filename ? { status: 'done', filename } : { status: 'empty' });
    } catch {
      setState({ status: 'error' });
    }
  };
  const loading = (report: Report) => state.status === 'loading' && state.report === report;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="donation-reports-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="donation-reports-title">
          {t('donationReports.title')}
        </Title>
        <Text>{t('donationReports.intro')}</Text>
        <Group>
          <Button onClick={() => void download('donations')} loading={loading('donations')}>
            {t('donationReports.downloadDonations')}
          </Button>
          <Button variant="default" onClick={() => void download('subscriptions')} loading={loading('subscriptions')}>
            {t('donationReports.downloadSubscriptions')}
          </Button>
        </Group>
        <div role="status" aria-live="polite">
          {state.status === 'loading' && <Text>{t('donationReports.exporting')}</Text>}
          {state.status === 'done' && (
            <Alert color="success" variant="light" title={t('donationReports.exportSuccess')}>
              {t('donationReports.exportFile', { filename: state.filename })}
            </Alert>
          )}
          {state.status === 'empty' && (
            <Alert color="gray" variant="light">
              {t('donationReports.noData')}
            </Alert>
          )}
        </div>
        {state.status === 'error' && (
          <Alert color="danger" variant="light" role="alert" title={t('donationReports.exportFailed')}>
            <Text c="danger.9">{t('donationReports.exportFailedHelp', { email: SUPPORT_EMAIL })}</Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
