import { useMemo } from 'react';
import { defineIsland, type WidgetModule, type WidgetViewProps } from '../types';
import { DonationView } from './DonationView';
import { donationModel } from './donationModel';
import { donationCss } from './styles';

function DonationWidget({ widget, mobilization, locale, mode }: WidgetViewProps) {
  const model = useMemo(() => donationModel(widget, mobilization), [widget, mobilization]);
  return <DonationView model={model} locale={locale} mode={mode} />;
}

/** Donations: interactive, hydrated from its model; its settings open on their own screens. */
export const donationModule = {
  kind: 'donation',
  labelKey: 'widgets.kinds.donation',
  overlay: true,
  publicView: true,
  interactive: true,
  View: DonationWidget,
  island: defineIsland({
    name: 'donation',
    component: DonationView,
    props: ({ widget, mobilization, locale }) => ({
      model: donationModel(widget, mobilization),
      locale,
      mode: 'public' as const,
    }),
  }),
  css: donationCss,
} as const satisfies WidgetModule;
