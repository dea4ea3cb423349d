import { DriveIntegrations } from '../../drive';

/** Settings › Integrations (spec 001): the Drive connection panel, folder manager and Advanced Debugging. */
export function IntegrationsTab() {
  return <DriveIntegrations />;
}
