import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionProvider';
import { CommunitySettingsPage } from './CommunitySettingsPage';
import { COMMUNITY_REPORTS } from './communityReports';
import { ReportDownload } from './ReportDownload';

/**
 * `/community/report`, the "Relatórios" tab (spec 01 §2, §7): the community's four CSV reports. Any member may
 * download them, as the server's policy says.
 */
export default function CommunityReportsPage() {
  const { t } = useTranslation();
  const { community } = useSession();
  return (
    <CommunitySettingsPage description={t('communityReports.intro')}>
      {community && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} key={community.id}>
          {COMMUNITY_REPORTS.map((report) => (
            <ReportDownload key={report.id} communityId={community.id} report={report} />
          ))}
        </SimpleGrid>
      )}
    </CommunitySettingsPage>
  );
}
