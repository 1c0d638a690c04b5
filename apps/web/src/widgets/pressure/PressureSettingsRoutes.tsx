import { Route, Routes } from 'react-router';
import { NotFoundInShell } from '../../shell/NotFoundPage';
import { EmbedPage } from '../action/EmbedPage';
import PressureDeliveryPage from './PressureDeliveryPage';
import PressureEmailPage from './PressureEmailPage';
import { PressureAdjustPage, PressureAutofirePage, PressureFinishPage, PressureSettingsLayout } from './PressureTabs';

/** `/mobilizations/{id}/widgets/{widget_id}/pressure/...`: one lazily loaded chunk for every tab of a pressure. */
export default function PressureSettingsRoutes() {
  return (
    <Routes>
      <Route element={<PressureSettingsLayout />}>
        <Route index element={<PressureAdjustPage />} />
        <Route path="email" element={<PressureEmailPage />} />
        <Route path="autofire" element={<PressureAutofirePage />} />
        <Route path="finish" element={<PressureFinishPage />} />
        <Route path="deliveries" element={<PressureDeliveryPage />} />
        <Route path="embed" element={<EmbedPage />} />
        <Route path="*" element={<NotFoundInShell />} />
      </Route>
    </Routes>
  );
}
