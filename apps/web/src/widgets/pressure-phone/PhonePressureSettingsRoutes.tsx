import { Route, Routes } from 'react-router';
import { NotFoundInShell } from '../../shell/NotFoundPage';
import { EmbedPage } from '../action/EmbedPage';
import PressureDeliveryPage from '../pressure/PressureDeliveryPage';
import { PressureFinishPage } from '../pressure/PressureTabs';
import { PhonePressureAdjustPage, PhonePressureSettingsLayout } from './PhonePressureTabs';
import PhoneTargetsPage from './PhoneTargetsPage';

/** `/mobilizations/{id}/widgets/{widget_id}/pressure-phone/...`: one lazily loaded chunk for every tab. */
export default function PhonePressureSettingsRoutes() {
  return (
    <Routes>
      <Route element={<PhonePressureSettingsLayout />}>
        <Route index element={<PhonePressureAdjustPage />} />
        <Route path="targets" element={<PhoneTargetsPage />} />
        <Route path="finish" element={<PressureFinishPage />} />
        <Route path="deliveries" element={<PressureDeliveryPage />} />
        <Route path="embed" element={<EmbedPage />} />
        <Route path="*" element={<NotFoundInShell />} />
      </Route>
    </Routes>
  );
}
