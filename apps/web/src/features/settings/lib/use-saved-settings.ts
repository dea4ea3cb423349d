import { useMantineColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSettings } from '../api/get-settings';
import { storeSettingsLocally } from './local-settings';

/**
 * Applies the signed-in user's saved settings once per user: the theme (localStorage `theme` already
 * applied it before the API answered) and the browser copies the request layer reads.
 */
export function useSavedSettings(): void {
  const settings = useSettings();
  const { setColorScheme } = useMantineColorScheme();
  const appliedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!settings.data || appliedFor.current === settings.data.user_id) return;
    appliedFor.current = settings.data.user_id;
    setColorScheme(settings.data.theme);
    storeSettingsLocally(settings.data);
  }, [settings.data, setColorScheme]);
}
