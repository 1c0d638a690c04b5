import { BUTTON_TEXT_MAX, pressureAdjustSchema } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdjustForm } from '../action/AdjustForm';
import { useWidgetSettingsContext, WidgetSettingsLayout } from '../action/WidgetSettingsLayout';
import { NoTargetsNotice } from '../pressure/NoTargetsNotice';

/**
 * The phone pressure's settings menu: Ajustes, Alvos (the numbers to call), Pós-pressão and the calls per target.
 * No e-mail to write and no thank-you e-mail (spec 02 §2: 'hidden for kind pressure-phone').
 */
export function PhonePressureSettingsLayout() {
  const { t } = useTranslation();
  const { widgetId } = useParams();
  return (
    <WidgetSettingsLayout
      key={widgetId}
      kinds={['pressure-phone']}
      segment="pressure-phone"
      title={t('kinds.pressure.phoneSettingsTitle')}
      tabsLabel={t('kinds.pressure.phoneSettingsTabs')}
      tabs={[
        { label: t('kinds.pressure.adjustTab'), suffix: '' },
        { label: t('kinds.pressure.targetsTab'), suffix: 'targets' },
        { label: t('kinds.pressure.finishTab'), suffix: 'finish' },
        { label: t('kinds.pressure.deliveryTab'), suffix: 'deliveries' },
        { label: t('embed.tab'), suffix: 'embed' },
      ]}
    />
  );
}

/** Ajustes: the title, the call button's text, the colour, the counter and the city question. */
export function PhonePressureAdjustPage() {
  const { t } = useTranslation();
  const { settings, save } = useWidgetSettingsContext();
  return (
    <>
      <NoTargetsNotice targetsTab="targets" />
      <AdjustForm
        settings={settings}
        save={save}
        schema={pressureAdjustSchema as never}
        successMessage={t('kinds.pressure.phoneAdjustSaved')}
        buttonHelp={t('kinds.pressure.phoneButtonHelp', { max: BUTTON_TEXT_MAX })}
        switches={[{ name: 'show_city', label: t('kinds.pressure.showCity'), on: 'city-true', off: 'city-false' }]}
      />
    </>
  );
}
