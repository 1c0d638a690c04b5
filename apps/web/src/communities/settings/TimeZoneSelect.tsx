import { Select } from '@mantine/core';
import { TIME_ZONES, timeZoneLabel } from '@mutirao/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

interface TimeZoneSelectProps {
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  error?: string;
  readOnly: boolean;
}

/** The community's time zone, chosen from core's list (searchable: type 'Lisboa' or 'Manaus'). */
export function TimeZoneSelect({ value, onChange, onBlur, error, readOnly }: TimeZoneSelectProps) {
  const { t, i18n } = useTranslation();
  const data = useMemo(
    () => TIME_ZONES.map((zone) => ({ value: zone, label: timeZoneLabel(zone, i18n.language) })),
    [i18n.language],
  );
  return (
    <Select
      label={t('communitySettings.timeZone')}
      description={t('communitySettings.timeZoneHint')}
      data={data}
      value={value}
      onChange={(next) => next && onChange(next)}
      onBlur={onBlur}
      error={error}
      searchable
      allowDeselect={false}
      readOnly={readOnly}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
