import { extractionCompleted, GROUP_ASSISTANT_MESSAGES } from '@fieldbook/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorReason } from '../../../lib/error-reason';
import { NoExamplesToExportError, useExportExamples } from '../api/export-examples';
import { useExtractExamples } from '../api/extract-examples';
import { useInitializeAssistant } from '../api/initialize-assistant';
import { useSetAssistantActive } from '../api/set-assistant-active';

/** A failure shown in the screen's red alert: the spec's message (spec 002 §8) and, below it, the server's reason. */
export type ActionAlert = { message: string; reason: string | null };

/**
 * The assistant actions of the administration screen and the examples page, with their messages: every failure is
 * shown (alert and toast) with the spec's exact text, the reason under it; the one success with a message of its
 * own is extraction's 'Extraction completed: N examples found.'.
 */
export function useAssistantActions() {
  const [alert, setAlert] = useState<ActionAlert | null>(null);
  const initialize = useInitializeAssistant();
  const setActive = useSetAssistantActive();
  const extract = useExtractExamples();
  const exporting = useExportExamples();

  const fail = (message: string, err: unknown) => {
    const reason = err instanceof NoExamplesToExportError ? null : errorReason(err);
    setAlert({ message, reason });
    toast.error(message);
  };
  const start = () => setAlert(null);

  return {
    alert,
    setAlert,
    /** Which group each action is running for (buttons show their spinner on that group only). */
    busy: {
      initialize: initialize.isPending ? initialize.variables : null,
      /** The toggle being saved: shown at once (the switch flips), put back if the save fails. */
      setActive: setActive.isPending ? setActive.variables : null,
      extract: extract.isPending ? extract.variables.groupId : null,
      export: exporting.isPending ? exporting.variables : null,
    },
    initialize: (groupId: string) => {
      start();
      initialize.mutate(groupId, { onError: (e) => fail(GROUP_ASSISTANT_MESSAGES.initializeFailed, e) });
    },
    /** `onSettled` runs once the save has succeeded (the row is stored) or failed. */
    setActive: (groupId: string, isActive: boolean, onSettled?: () => void) => {
      start();
      setActive.mutate({ groupId, isActive }, { onError: (e) => fail(GROUP_ASSISTANT_MESSAGES.updateStateFailed, e), onSettled });
    },
    extract: (groupId: string, workspaceId: string) => {
      start();
      extract.mutate(
        { groupId, workspaceId },
        {
          onSuccess: (r) => void toast.success(extractionCompleted(r.total_examples)),
          onError: (e) => fail(GROUP_ASSISTANT_MESSAGES.extractFailed, e),
        },
      );
    },
    exportExamples: (groupId: string) => {
      start();
      exporting.mutate(groupId, {
        onError: (e) => fail(e instanceof NoExamplesToExportError ? GROUP_ASSISTANT_MESSAGES.noExamplesToExport : GROUP_ASSISTANT_MESSAGES.exportFailed, e),
      });
    },
  };
}

export type AssistantActions = ReturnType<typeof useAssistantActions>;
