import { Alert, Text } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';

/** Shown only inside the mobile app, where the recorder plugin exists; its settings screen comes with the recordings issue. */
export function CallRecorderTab() {
  return (
    <Alert variant="light" color="blue" icon={<IconDeviceMobile size={18} />} title="Call Recorder">
      <Text size="sm">Call recording works only in the Fieldbook mobile app. Recorder options are managed on the Recordings screen.</Text>
    </Alert>
  );
}
