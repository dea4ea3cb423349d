/** The Google Drive feature's public entry: Settings › Integrations, the connection state other screens need, the app shell's return from Google. */
export { DriveIntegrations } from './components/drive-integrations';
export { useDriveStatus, useDriveCopy, useCopyRecordingToDrive } from './api/drive';
export { useDriveReturn, hasDriveReturn } from './lib/drive-return';
// The Document Manager's upload from the cloud drive.
export { DriveImportButton, type ImportedDriveFile } from './components/drive-import-button';
// The document details' "in Drive" link.
export { DriveCopyLink } from './components/drive-copy-link';
// The jobs dashboard's Connect Google Drive toggle.
export { DriveToggle } from './components/drive-toggle';
