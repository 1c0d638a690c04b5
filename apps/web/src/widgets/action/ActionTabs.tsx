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
export function FinishPage({ types, savedMessage }: { types?: readonly FinishMessageType[]; savedMessage?: string }) {
  const { settings, save, mobilization } = useWidgetSettingsContext();
  return (
    <FinishForm
      settings={settings}
      save={save}
      types={types}
      savedMessage={savedMessage}
      shareUrl={publicUrlOf({ slug: mobilization.slug, custom_domain: null })}
      colorScheme={mobilization.color_scheme}
    />
  );
}
