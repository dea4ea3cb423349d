import { Select } from '@mantine/core';
import { timeZoneNames } from '@fieldbook/contract';
import { memo, useMemo, useState } from 'react';

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
 * Memoised, and listing every zone only once opened: the form's other fields stay quick to type in.
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
  // The ~420 labels (an Intl formatter each) are made when the list first opens; until then only the chosen zone.
  const [isListed, setListed] = useState(false);
  const data = useMemo(() => (isListed ? timeZoneOptions(value) : [{ value, label: `${readable(value)} (${offsetNow(value, new Date())})` }]), [isListed, value]);
  return (
    <Select
      label="Time Zone"
      description="Due dates, “valid until” and reports by day follow this zone"
      data={data}
      value={value}
      onChange={(v) => v && onChange(v)}
      onDropdownOpen={() => setListed(true)}
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
