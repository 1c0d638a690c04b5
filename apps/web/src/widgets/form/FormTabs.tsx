import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdjustForm } from '../action/AdjustForm';
import { useWidgetSettingsContext, WidgetSettingsLayout } from '../action/WidgetSettingsLayout';

/** The form widget's settings menu (spec 02 §2 "Settings menus per widget"). */
export function FormSettingsLayout() {
  const { t } = useTranslation();
  const widgetId = useParams().widgetId;
  return (
    <WidgetSettingsLayout
      key={widgetId}
      kinds={['form']}
      segment="form"
      title={t('formSettings.title')}
      tabsLabel={t('formSettings.tabs')}
      tabs={[
        { label: t('formSettings.adjustTab'), suffix: '' },
        { label: t('formSettings.fieldsTab'), suffix: 'fields' },
        { label: t('formSettings.autofireTab'), suffix: 'autofire' },
        { label: t('formSettings.exportTab'), suffix: 'export' },
        { label: t('formSettings.finishTab'), suffix: 'finish' },
        { label: t('embed.tab'), suffix: 'embed' },
      ]}
    />
  );
}

/** Ajustes: 'Formulário configurado com sucesso!' on save. */
export function FormAdjustPage() {
  const { t } = useTranslation();
  const { settings, save } = useWidgetSettingsContext();
  return <AdjustForm settings={settings} save={save} successMessage={t('formWidget.saved')} />;
}

/** Mensagem agradecimento and the finish tab are the action widgets' shared ones. */
export { AutofirePage as FormAutofirePage, FinishPage as FormFinishPage } from '../action/ActionTabs';
