import type { ComboboxParsedItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { jobClientName } from '@fieldbook/contract';
import { useMemo, useState } from 'react';
import { useJobChoices } from '../api/get-job-choices';

export type JobChoice = { value: string; label: string };

/** The job pickers ask the server once typing pauses this long. */
const JOB_SEARCH_DEBOUNCE_MS = 300;

/**
 * A job picker that searches the server (Create New Task, Batch Assign): the props of a searchable Mantine Select
 * and the chosen job. The chosen job stays an option when a later search no longer lists it; after a pick the box
 * shows its label, which is not a search.
 */
export function useJobSelect({ enabled, initial = null }: { enabled: boolean; initial?: JobChoice | null }) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<JobChoice | null>(initial);
  const [debounced] = useDebouncedValue(search === chosen?.label ? '' : search, JOB_SEARCH_DEBOUNCE_MS);
  const jobs = useJobChoices(debounced, { enabled });

  const data = useMemo(() => {
    const options: JobChoice[] = (jobs.data?.jobs ?? []).map((job) => ({
      value: job.id,
      label: job.property_address ? `${jobClientName(job)} — ${job.property_address}` : jobClientName(job),
    }));
    if (chosen && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);
    return options;
  }, [jobs.data, chosen]);

  const reset = (job: JobChoice | null = null) => {
    setChosen(job);
    setSearch('');
  };

  const selectProps = {
    searchable: true,
    clearable: true,
    data,
    // The server searches; the list shows what it answered.
    filter: ({ options }: { options: ComboboxParsedItem[] }) => options,
    searchValue: search,
    onSearchChange: setSearch,
    nothingFoundMessage: jobs.isFetching ? 'Loading jobs…' : jobs.isError ? `Failed to load jobs: ${jobs.error.message}` : 'No jobs found',
    value: chosen?.value ?? null,
    comboboxProps: { withinPortal: true },
  };

  /** The Select's onChange: remembers the chosen job (with its label) and returns it. */
  const choose = (value: string | null, option: { label: string } | null | undefined): JobChoice | null => {
    const job = value && option ? { value, label: option.label } : null;
    setChosen(job);
    return job;
  };

  return { chosen, reset, choose, selectProps };
}
