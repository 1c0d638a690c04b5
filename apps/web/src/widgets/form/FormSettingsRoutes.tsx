import { Route, Routes } from 'react-router';
import { NotFoundInShell } from '../../shell/NotFoundPage';
import { EmbedPage } from '../action/EmbedPage';
import FormExportPage from './FormExportPage';
import FormFieldsPage from './FormFieldsPage';
import { FormAdjustPage, FormAutofirePage, FormFinishPage, FormSettingsLayout } from './FormTabs';

/** `/mobilizations/{id}/widgets/{widget_id}/form/...`: one lazily loaded chunk for every tab of the form's settings. */
export default function FormSettingsRoutes() {
  return (
    <Routes>
      <Route element={<FormSettingsLayout />}>
        <Route index element={<FormAdjustPage />} />
        <Route path="fields" element={<FormFieldsPage />} />
        <Route path="autofire" element={<FormAutofirePage />} />
        <Route path="export" element={<FormExportPage />} />
        <Route path="finish" element={<FormFinishPage />} />
        <Route path="embed" element={<EmbedPage />} />
        <Route path="*" element={<NotFoundInShell />} />
      </Route>
    </Routes>
  );
}
