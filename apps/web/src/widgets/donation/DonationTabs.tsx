import { DONATION, donationAdjustSchema } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FinishPage } from '../action/ActionTabs';
import { AdjustForm } from '../action/AdjustForm';
import { useWidgetSettingsContext, WidgetSettingsLayout } from '../action/WidgetSettingsLayout';
import { DonationFigures } from './DonationFigures';
import { RecipientNotice } from './RecipientNotice';

/**
 * The donation widget's settings menu (spec 02 §2): Ajustes, Dados para doação (the `settings` sub-path), Mensagem
 * agradecimento and Pós-doação. Each tab says when the community cannot take donations yet.
 */
export function DonationSettingsLayout() {
  const { t } = useTranslation();
  const { widgetId } = useParams();
  return (
    <WidgetSettingsLayout
      key={widgetId}
      kinds={['donation']}
      segment="donation"
      title={t('kinds.donation.settingsTitle')}
      tabsLabel={t('kinds.donation.settingsTabs')}
      tabs={[
        { label: t('kinds.donation.adjustTab'), suffix: '' },
        { label: t('kinds.donation.dataTab'), suffix: 'settings' },
        { label: t('kinds.donation.autofireTab'), suffix: 'autofire' },
        { label: t('kinds.donation.finishTab'), suffix: 'finish' },
        { label: t('embed.tab'), suffix: 'embed' },
      ]}
    />
  );
}

/**
 * Ajustes, under the widget's figures (what it raised; paid, recurring, refused and refunded donations), with the
 * donation's colour #54d0f6 until another is chosen (spec 02 §9). title_text, the title's older name, is saved equal
 * to call_to_action so both readers agree.
 */
export function DonationAdjustPage() {
  const { t } = useTranslation();
  const { settings, save } = useWidgetSettingsContext();
  const params = useParams();
  return (
    <>
      <RecipientNotice />
      <DonationFigures mobilizationId={Number(params.id)} widgetId={Number(params.widgetId)} />
      <AdjustForm
        settings={{ ...settings, main_color: settings.main_color || DONATION.mainColor }}
        save={(patch) => save({ ...patch, title_text: patch.call_to_action })}
        schema={donationAdjustSchema as never}
        successMessage={t('kinds.donation.adjustSaved')}
      />
    </>
  );
}

/** Pós-doação: the shared finish tab, plus the monthly offer after a one-off donation ('donation-recurrent'). */
export function DonationFinishPage() {
  const { t } = useTranslation();
  return (
    <FinishPage types={['share', 'custom', 'donation-recurrent']} savedMessage={t('kinds.donation.finishSaved')} />
  );
}

export { AutofirePage as DonationAutofirePage } from '../action/ActionTabs';
