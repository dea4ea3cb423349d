/**
 * A workspace time zone in which it is early afternoon now, for browser tests whose messages must not meet quiet
 * hours (client-messages: nothing goes between 20:00 and 08:00 on the workspace's clock). The e2e server runs on the
 * real clock — the built server has no clock to set (app.ts: `now: () => new Date()`) — so the zone moves instead.
 *
 * One real zone per UTC offset from −10 to +13 (each city's daylight saving moves it by an hour at most): the one
 * whose local hour is nearest 14:00 is within half an hour of it, so a test of a few minutes stays far from 20:00 and 08:00.
 */
const ZONES = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Halifax',
  'America/Sao_Paulo',
  'Atlantic/South_Georgia',
  'Atlantic/Azores',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Athens',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Brisbane',
  'Pacific/Noumea',
  'Pacific/Auckland',
] as const;

/** The local time in `zone` at `at`, in minutes after midnight. */
function minutesOfDay(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: 'hour' | 'minute') => Number(parts.find((p) => p.type === type)!.value);
  return part('hour') * 60 + part('minute');
}

/** The zone (of ZONES) where it is nearest 14:00 at `at`, and its local time then ('HH:MM'). */
export function afternoonZone(at: Date = new Date()): { zone: string; localTime: string } {
  const distance = (zone: string) => Math.abs(minutesOfDay(zone, at) - 14 * 60);
  const zone = [...ZONES].sort((a, b) => distance(a) - distance(b))[0]!;
  const m = minutesOfDay(zone, at);
  return { zone, localTime: `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}` };
}
