import { Route, Routes } from 'react-router';
import { NotFoundInShell } from '../../shell/NotFoundPage';
import { EmbedPage } from '../action/EmbedPage';
import DonationDataPage from './DonationDataPage';
import { DonationAdjustPage, DonationAutofirePage, DonationFinishPage, DonationSettingsLayout } from './DonationTabs';

/** `/mobilizations/{id}/widgets/{widget_id}/donation/...`: one lazily loaded chunk for every tab of a donation. */
export default function DonationSettingsRoutes() {
  return (
    <Routes>
      <Route element={<DonationSettingsLayout />}>
        <Route index element={<DonationAdjustPage />} />
        <Route path="settings" element={<DonationDataPage />} />
        <Route path="autofire" element={<DonationAutofirePage />} />
        <Route path="finish" element={<DonationFinishPage />} />
        <Route path="embed" element={<EmbedPage />} />
        <Route path="*" element={<NotFoundInShell />} />
      </Route>
    </Routes>
  );
}
