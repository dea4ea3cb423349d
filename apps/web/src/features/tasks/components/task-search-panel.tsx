import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useSearch } from '../api/search';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { SearchResultCard } from './search-result-card';

/**
 * The Task Search tab (spec 001 §2): typing is debounced 500 ms, Enter searches at once. The query lives in
 * the URL (?tab=search&q=…), which is also how the header's workspace search opens this tab.
 */
export function TaskSearchPanel() {
  const [params, setParams] = useSearchParams();
  const urlQuery = params.get('q') ?? '';
  const box = useDebouncedSearch({ initial: urlQuery });
  const text = box.input;
  const query = box.term;
  const search = useSearch(query);

  // The applied query goes into the URL (replace: typing is not history)…
  useEffect(() => {
    if (query === urlQuery.trim()) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (query) next.set('q', query);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow the applied query only
  }, [query]);

  // …and a new header search while this tab is open comes from it.
  useEffect(() => {
    if (urlQuery.trim() !== query) box.reset(urlQuery);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow the URL only
  }, [urlQuery]);

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <TextInput
          aria-label="Search tasks"
          placeholder="Search tasks, jobs and documents — e.g. roof leak"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => box.setInput(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') box.submit();
          }}
          enterKeyHint="search"
          style={{ flex: 1 }}
        />
        <Button onClick={box.submit} disabled={!text.trim()}>
          Search
        </Button>
      </Group>

      {!query ? (
        <Text c="dimmed" size="sm">
          Type a few words from a task, job or document. Misspellings are fine.
        </Text>
      ) : search.isPending ? (
        <Center py="xl">
          <Loader aria-label="Searching" />
        </Center>
      ) : search.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          Search failed: {search.error.message}
        </Alert>
      ) : search.data.results.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text fw={600}>No tasks found matching your search</Text>
          <Text size="sm" c="dimmed" mt={4}>
            {search.data.summary}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm" aria-busy={search.isFetching}>
          <Text size="sm" c="dimmed" role="status">
            {search.data.summary}
          </Text>
          {search.data.results.map((result) => (
            <SearchResultCard key={`${result.type}-${result.id}`} result={result} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
