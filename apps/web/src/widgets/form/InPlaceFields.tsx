import { Box, Group, Stack, Text } from '@mantine/core';
import type { FormField } from '@mutirao/core';
import { FormView, formModel, schemeName } from '@mutirao/widgets';
import type { ReactNode } from 'react';
import type { EditorMobilization } from '../../editor/pageMobilization';
import { useLocale } from '../../i18n/useLocale';
import type { SettingsWidget } from '../widgetSettingsApi';
import { type FieldViewsProps, fieldParts } from './fieldParts';

interface InPlaceFieldsProps extends FieldViewsProps {
  widget: SettingsWidget;
  mobilization: EditorMobilization;
  /** The add button, shown after the fields inside the widget. */
  footer: ReactNode;
}

/**
 * The editable mode of spec 02 §6: the form widget as visitors see it, drawn by the shared component, with each
 * field's controls beside it and its settings opening in place. The inputs themselves stay inert.
 */
export function InPlaceFields({ widget, mobilization, footer, ...views }: InPlaceFieldsProps) {
  const locale = useLocale();
  const { fields, nameOf } = views;
  const model = { ...formModel(widget, mobilization), fields };
  const wrap = (field: FormField, view: ReactNode) => {
    const parts = fieldParts(views, field);
    return (
      <Stack gap="xs" className="mz-inplace-field">
        <Group align="flex-end" wrap="nowrap" gap="sm">
          <Box inert style={{ flex: 1, minWidth: 0 }}>
            {view}
          </Box>
          {parts.controls}
        </Group>
        {parts.problem}
        {parts.form}
      </Stack>
    );
  };
  // Greetings fields are no inputs, so the form leaves them out; here they show as their text, to be edited too.
  const greetings = fields.filter((f) => f.kind === 'greetings');
  return (
    // The page's colour scheme gives the form its default colour, as on the page.
    <Box
      className={`mz-page mz-scheme-${schemeName(mobilization.color_scheme)}`}
      maw={560}
      style={{ background: 'transparent' }}
    >
      <FormView
        model={model}
        locale={locale}
        mode="edit"
        fieldSlot={(field, _index, input) => wrap(field, input)}
        fieldsFooter={
          <>
            {greetings.map((field) => (
              <Box key={field.uid}>{wrap(field, <Text fs="italic">{field.placeholder || nameOf(field)}</Text>)}</Box>
            ))}
            {footer}
          </>
        }
      />
    </Box>
  );
}
