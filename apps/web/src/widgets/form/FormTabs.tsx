import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { publicUrlOf } from '../../mobilizations/mobilizationsApi';
import { AdjustForm } from '../action/AdjustForm';
import { AutofireForm } from '../action/AutofireForm';
import { FinishForm } from '../action/FinishForm';
import { useWidgetSettingsContext, WidgetSettingsLayout } from '../action/WidgetSettingsLayout';

/** The form widget's settings menu (spec 02 §2 "Settings menus per widget"). */
export function FormSettingsLayout() {
  const { t } = useTranslation();
  const widgetId = useParams().widgetId;
  return (
    <WidgetSettingsLayout
      key={widgetId}
      kind="form"
      segment="form"
      title={t('formSettings.title')}
      tabsLabel={t('formSettings.tabs')}
      tabs={[
        { label: t('formSettings.adjustTab'), suffix: '' },
        { label: t('formSettings.fieldsTab'), suffix: 'fields' },
        { label: t('formSettings.autofireTab'), suffix: 'autofire' },
        { label: t('formSettings.exportTab'), suffix: 'export' },
        { label: t('formSettings.finishTab'), suffix: 'finish' },
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

/** Mensagem agradecimento. */
export function FormAutofirePage() {
  const { settings, save } = useWidgetSettingsContext();
  return <AutofireForm settings={settings} save={save} />;
}

/** Pós-inscrição. */
export function FormFinishPage() {
  const { settings, save, mobilization } = useWidgetSettingsContext();
  return (
    <FinishForm
      settings={settings}
      save={save}
      shareUrl={publicUrlOf({ slug: mobilization.slug, custom_domain: null })}
      colorScheme={mobilization.color_scheme}
    />
  );
}
