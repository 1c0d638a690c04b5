import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/useLocale';
import { SUPPORT_EMAIL } from '../../shell/TechnicalIssuesPage';
import { showFailure, showNotice, showSuccess } from '../../shell/toasts';
import { downloadCsv } from '../../widgets/form/exportCsv';
import { type CommunityReport, formatBytes } from './communityReports';

/**
 * One of the community's reports as a card: its download shows the bytes received as the file streams in, then the
 * spec's report toast (spec 01 §4, §8): 'Oba! Tudo pronto (:' with the file name, 'Ops, deu ruim' with the retry and
 * support advice, or 'Nao foi encontrado nenhum dado para ser exportado' when the server answers 204.
 */
export function ReportDownload({ communityId, report }: { communityId: number; report: CommunityReport }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [received, setReceived] = useState<number | null>(null);
  const titleId = `report-${report.id}-title`;

  const download = async () => {
    setReceived(0);
    try {
      const filename = await downloadCsv(report.path(communityId), {
        method: report.method,
        fallback: `${report.id}.csv`,
        onProgress: setReceived,
      });
      if (filename) showSuccess(t('communityReports.exportFile', { filename }), t('communityReports.exportSuccess'));
      else showNotice(t('communityReports.noData'));
    } catch {
      showFailure(t('communityReports.exportFailed'), t('communityReports.exportFailedHelp', { email: SUPPORT_EMAIL }));
    } finally {
      setReceived(null);
    }
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm" align="flex-start" h="100%">
        <Title order={2} size="h4" id={titleId}>
          {t(report.title)}
        </Title>
        <Text size="sm" style={{ flexGrow: 1 }}>
          {t(report.help)}
        </Text>
        <Button onClick={() => void download()} loading={received !== null}>
          {t('communityReports.download', { report: t(report.title).toLowerCase() })}
        </Button>
        <Text size="sm" role="status" aria-live="polite" mih="1.5em">
          {received !== null && t('communityReports.downloading', { size: formatBytes(received, locale) })}
        </Text>
      </Stack>
    </Paper>
  );
}
