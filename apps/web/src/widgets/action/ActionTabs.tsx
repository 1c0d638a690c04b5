import type { FinishMessageType } from '@mutirao/core';
import { publicUrlOf } from '../../mobilizations/mobilizationsApi';
import { AutofireForm } from './AutofireForm';
import { FinishForm } from './FinishForm';
import { useWidgetSettingsContext } from './WidgetSettingsLayout';

/** Mensagem agradecimento, the same tab for every action widget. */
export function AutofirePage() {
  const { settings, save } = useWidgetSettingsContext();
  return <AutofireForm settings={settings} save={save} />;
}

/** The finish tab (Pós-inscrição, Pós-pressão…), the same for every action widget; the donation adds a type. */
export function FinishPage({ types }: { types?: readonly FinishMessageType[] }) {
  const { settings, save, mobilization } = useWidgetSettingsContext();
  return (
    <FinishForm
      settings={settings}
      save={save}
      types={types}
      shareUrl={publicUrlOf({ slug: mobilization.slug, custom_domain: null })}
      colorScheme={mobilization.color_scheme}
    />
  );
}
