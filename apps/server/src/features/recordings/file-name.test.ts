import { describe, expect, it } from 'vitest';
import { parseRecordingName, transcriptFileName } from './file-name';
import { parsePocketsphinx } from './transcribe/pocketsphinx';

describe('the recording file-name rule (spec 001 §3)', () => {
  it('reads direction, date and time, phone and user id', () => {
    expect(parseRecordingName('incoming_20261124_153012_5125550100_4f6c2a1e-0000-4000-8000-000000000001.m4a')).toEqual({
      direction: 'incoming',
      recordedAt: new Date('2026-11-24T15:30:12Z'),
      phone: '5125550100',
      userId: '4f6c2a1e-0000-4000-8000-000000000001',
    });
    expect(parseRecordingName('OUTGOING_20260101_000000_+15125550100_u42.M4A')).toMatchObject({ direction: 'outgoing', phone: '+15125550100', userId: 'u42' });
  });

  it('reads the time as the uploader’s local time: 3:30 PM in Chicago is 21:30 UTC (CST), 20:30 in summer (CDT)', () => {
    expect(parseRecordingName('incoming_20261124_153012_5125550100_u1.m4a', 'America/Chicago')?.recordedAt).toEqual(new Date('2026-11-24T21:30:12Z'));
    expect(parseRecordingName('incoming_20260704_153012_5125550100_u1.m4a', 'America/Chicago')?.recordedAt).toEqual(new Date('2026-07-04T20:30:12Z'));
    // No zone: UTC, as before.
    expect(parseRecordingName('incoming_20261124_153012_5125550100_u1.m4a')?.recordedAt).toEqual(new Date('2026-11-24T15:30:12Z'));
  });

  it('leaves other names alone: wrong parts, a date or time that does not exist, another extension', () => {
    for (const name of [
      'call.m4a',
      'incoming_2026112_153012_5125550100_u1.m4a', // 7-digit date
      'incoming_20261124_1530_5125550100_u1.m4a', // 4-digit time
      'sideways_20261124_153012_5125550100_u1.m4a', // no such direction
      'incoming_20260230_153012_5125550100_u1.m4a', // 30 February
      'incoming_20261124_256012_5125550100_u1.m4a', // hour 25
      'incoming_20261124_153012_5125550100_u1.mp3',
      'incoming_20261124_153012_5125550100.m4a', // no user id
    ]) {
      expect(parseRecordingName(name), name).toBeNull();
    }
  });
});

describe('pocketsphinx output', () => {
  it('makes a segment per utterance from the word lines, without silences, fillers or pronunciation marks', () => {
    const out = [
      'the claim number is four',
      '<s> 0.000 0.150 0.998',
      'the 0.160 0.320 0.9',
      'claim 0.330 0.700 0.8',
      '<sil> 0.710 0.900 0.99',
      'number(2) 0.910 1.200 0.7',
      '[NOISE] 1.210 1.300 0.5',
      'is 1.310 1.400 0.9',
      'four 1.410 1.800 0.9',
      '</s> 1.810 2.000 1.0',
      'call me',
      '<s> 3.000 3.100 1.0',
      'call 3.110 3.400 0.9',
      'me 3.410 3.600 0.9',
      '</s> 3.610 3.700 1.0',
    ].join('\n');
    expect(parsePocketsphinx(out)).toEqual([
      { start: 0.16, end: 1.8, text: 'the claim number is four' },
      { start: 3.11, end: 3.6, text: 'call me' },
    ]);
  });
});

describe('transcript file names (spec 001 §7)', () => {
  it('phone_ prefix, the call’s date-time, the number', () => {
    expect(transcriptFileName(new Date('2026-11-24T15:30:12Z'), '5125550100')).toBe('phone_20261124_153012_5125550100.txt');
    expect(transcriptFileName(new Date('2026-01-02T03:04:05Z'), null)).toBe('phone_20260102_030405_unknown.txt');
    // In the zone the call's name was read in: the same stamp as the recording's own name.
    expect(transcriptFileName(new Date('2026-11-24T21:30:12Z'), '5125550100', 'America/Chicago')).toBe('phone_20261124_153012_5125550100.txt');
  });
});
