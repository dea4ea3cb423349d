import type { UserSettings } from '@fieldbook/contract';
import { useMantineColorScheme } from '@mantine/core';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useSettings } from '../api/get-settings';
import { storeSettingsLocally } from '../../../lib/local-settings';

/**
 * Applies the signed-in user's saved settings once per user: the theme (localStorage `theme` already
 * applied it before the API answered) and the browser copies the request layer reads.
 */
export function useSavedSettings(): void {
  const settings = useSettings();
  const { setColorScheme } = useMantineColorScheme();
  const appliedFor = useRef<string | null>(null);
  const apply = useEffectEvent((data: UserSettings) => {
    appliedFor.current = data.user_id;
    setColorScheme(data.theme);
    storeSettingsLocally(data);
  });
  useEffect(() => {
    if (settings.data && appliedFor.current !== settings.data.user_id) apply(settings.data);
  }, [settings.data]);
}
