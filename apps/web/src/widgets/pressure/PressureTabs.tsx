import { pressureAdjustSchema } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FinishPage } from '../action/ActionTabs';
import { AdjustForm } from '../action/AdjustForm';
import { useWidgetSettingsContext, WidgetSettingsLayout } from '../action/WidgetSettingsLayout';
import { NoTargetsNotice } from './NoTargetsNotice';

/**
 * The e-mail pressure's settings menu (spec 02 §2): Ajustes, E-mail para alvo, Mensagem de agradecimento,
 * Pós-pressão, and the delivery view. The phone pressure has its own (`pressure-phone/`).
 */
export function PressureSettingsLayout() {
  const { t } = useTranslation();
  const { widgetId } = useParams();
  return (
    <WidgetSettingsLayout
      key={widgetId}
      kinds={['pressure']}
      segment="pressure"
      title={t('kinds.pressure.settingsTitle')}
      tabsLabel={t('kinds.pressure.settingsTabs')}
      tabs={[
        { label: t('kinds.pressure.adjustTab'), suffix: '' },
        { label: t('kinds.pressure.emailTab'), suffix: 'email' },
        { label: t('kinds.pressure.autofireTab'), suffix: 'autofire' },
        { label: t('kinds.pressure.finishTab'), suffix: 'finish' },
        { label: t('kinds.pressure.deliveryTab'), suffix: 'deliveries' },
        { label: t('embed.tab'), suffix: 'embed' },
      ]}
    />
  );
}

/** Ajustes, with the city question and the locked letter (spec 02 §3 "Pressure settings"). */
export function PressureAdjustPage() {
  const { t } = useTranslation();
  const { settings, save } = useWidgetSettingsContext();
  return (
    <>
      <NoTargetsNotice targetsTab="email" />
      <AdjustForm
        settings={settings}
        save={save}
        schema={pressureAdjustSchema as never}
        successMessage={t('kinds.pressure.saved')}
        switches={[
          { name: 'show_city', label: t('kinds.pressure.showCity'), on: 'city-true', off: 'city-false' },
          { name: 'disable_edit_field', label: t('kinds.pressure.disableEdit'), on: 's', off: 'n' },
        ]}
      />
    </>
  );
}

/** Mensagem agradecimento and the finish tab are the action widgets' shared ones. */
export { AutofirePage as PressureAutofirePage } from '../action/ActionTabs';

/** Pós-pressão: the shared finish tab, saying its own name. */
export function PressureFinishPage() {
  const { t } = useTranslation();
  return <FinishPage savedMessage={t('kinds.pressure.finishSaved')} />;
}
