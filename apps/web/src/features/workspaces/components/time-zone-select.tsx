import { Select } from '@mantine/core';
import { timeZoneNames } from '@fieldbook/contract';
import { memo, useMemo } from 'react';

/** 'America/Argentina/Buenos_Aires' → 'America/Argentina/Buenos Aires': what people type when they search. */
const readable = (zone: string) => zone.replaceAll('_', ' ');

/** The zone's offset now, as 'GMT+1' / 'GMT-3:30' ('GMT' for UTC), read from Intl. */
function offsetNow(zone: string, now: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(now).find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}

/** Every zone the browser knows, labelled with its offset today; the saved zone is kept even when it is an alias. */
export function timeZoneOptions(current: string, now = new Date()): Array<{ value: string; label: string }> {
  return timeZoneNames(current).map((zone) => ({ value: zone, label: `${readable(zone)} (${offsetNow(zone, now)})` }));
}

/**
 * Memoised: its ~420 options are not drawn again at every keystroke in the form's other fields.
 *
 * The workspace's time zone: searchable by any part of the name ("york", "warsaw"), a full-width select that fits a
 * 390 px screen, its list scrolled rather than as long as ~420 zones.
 */
export const TimeZoneSelect = memo(function TimeZoneSelect({
  value,
  onChange,
  disabled,
  error,
}: {
  value: string;
  onChange: (zone: string) => void;
  disabled?: boolean;
  error?: React.ReactNode;
}) {
  const data = useMemo(() => timeZoneOptions(value), [value]);
  return (
    <Select
      label="Time Zone"
      description="Due dates, “valid until” and reports by day follow this zone"
      data={data}
      value={value}
      onChange={(v) => v && onChange(v)}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No time zone matches"
      maxDropdownHeight={280}
      comboboxProps={{ middlewares: { flip: true, shift: true } }}
      disabled={disabled}
      error={error}
    />
  );
});
