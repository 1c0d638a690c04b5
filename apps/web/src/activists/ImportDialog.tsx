import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  NativeSelect,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  activistsKey,
  fetchImport,
  IMPORT_FIELDS,
  type ImportMapping,
  importsPath,
  startImport,
  type UploadedImport,
  uploadImport,
} from './activistsApi';
import { columnOptions, messagesOf, startErrors, withColumn } from './importMapping';

interface ImportDialogProps {
  communityId: number;
  opened: boolean;
  onClose(): void;
}

/**
 * A CSV file of people into the community (spec 01 §2): the file, then its first rows and a column per field
 * (the server's suggestions chosen), then the job's progress and what became of the rows, with the rejected ones
 * to download.
 */
export function ImportDialog({ communityId, opened, onClose }: ImportDialogProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<UploadedImport>();
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [tags, setTags] = useState<string[]>([]);
  const [startedId, setStartedId] = useState<number>();
  const stepRef = useRef<HTMLDivElement>(null);

  const upload = useMutation({
    mutationFn: (chosen: File) => uploadImport(communityId, chosen),
    onSuccess: (result) => {
      setUploaded(result);
      setMapping(result.suggested_mapping);
    },
    // Every refusal is shown under the file field, and the start's on its fields or above the button.
    meta: { showsErrors: 'refusals' },
  });
  const start = useMutation({
    mutationFn: () => startImport(communityId, uploaded?.id ?? 0, mapping, tags),
    onSuccess: (result) => setStartedId(result.id),
    meta: { showsErrors: 'refusals' },
  });
  const progress = useQuery({
    queryKey: ['communities', communityId, 'activist_imports', startedId],
    queryFn: () => fetchImport(communityId, startedId ?? 0),
    enabled: startedId !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'done' ? false : 1000),
  });
  const current = progress.data;
  const done = current?.status === 'done';
  const step = startedId !== undefined ? 'progress' : uploaded ? 'mapping' : 'file';

  // Each step's heading takes the focus, so a screen reader announces where the dialog went.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step or the outcome changes.
  useEffect(() => {
    if (step !== 'file') stepRef.current?.focus();
  }, [step, done]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the import finishes.
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: activistsKey(communityId) });
  }, [done]);

  const reset = () => {
    setFile(null);
    setUploaded(undefined);
    setMapping({});
    setTags([]);
    setStartedId(undefined);
    upload.reset();
    start.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const submitFile = (event: FormEvent) => {
    event.preventDefault();
    if (file) upload.mutate(file);
  };
  const submitMapping = (event: FormEvent) => {
    event.preventDefault();
    start.mutate();
  };
  const number = (n: number) => n.toLocaleString(i18n.language);
  const options = columnOptions(uploaded?.header ?? [], t('activists.importNoColumn'));
  const refused = startErrors(start.error);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('activists.importTitle')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      size={step === 'mapping' ? 'xl' : 'md'}
      centered
    >
      {step === 'file' && (
        <Stack component="form" gap="md" onSubmit={submitFile}>
          <Text size="sm">{t('activists.importIntro')}</Text>
          <FileInput
            label={t('activists.importFile')}
            description={t('activists.importFileHelp')}
            accept=".csv,text/csv"
            value={file}
            onChange={setFile}
            error={messagesOf(upload.error, ['file'], true)}
            clearable
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" disabled={!file} loading={upload.isPending}>
              {t('activists.importUpload')}
            </Button>
          </Group>
        </Stack>
      )}

      {step === 'mapping' && uploaded && (
        <Stack component="form" gap="md" onSubmit={submitMapping}>
          <Table.ScrollContainer minWidth={480}>
            <Table striped withTableBorder fz="sm" captionSide="top">
              <Table.Caption>
                <Title order={3} size="h5" ref={stepRef} tabIndex={-1} style={{ outline: 'none' }}>
                  {t('activists.importPreview', {
                    shown: number(uploaded.preview.length),
                    total: number(uploaded.total),
                  })}
                </Title>
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {uploaded.header.map((name, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions in the file.
                    <Table.Th key={index}>{name}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {uploaded.preview.map((row, r) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the file.
                  <Table.Tr key={r}>
                    {uploaded.header.map((_, c) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions in the file.
                      <Table.Td key={c}>{row[c] ?? ''}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap={4}>
            <Title order={3} size="h5">
              {t('activists.importMapping')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('activists.importMappingHelp')}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {IMPORT_FIELDS.map((field) => (
              <NativeSelect
                key={field}
                label={t(`activists.importField_${field}`)}
                withAsterisk={field === 'email'}
                data={options}
                value={mapping[field] === undefined ? '' : String(mapping[field])}
                error={refused.fields[field]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setMapping((m) => withColumn(m, field, value));
                }}
              />
            ))}
          </SimpleGrid>
          <TagsInput
            label={t('activists.importTags')}
            description={t('activists.importTagsHelp')}
            value={tags}
            onChange={setTags}
            error={refused.tags}
          />
          {refused.alert && (
            <Alert color="danger" variant="light" role="alert">
              {refused.alert}
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            <Button variant="default" onClick={reset}>
              {t('activists.importBack')}
            </Button>
            <Button type="submit" loading={start.isPending}>
              {t('activists.importStart')}
            </Button>
          </Group>
        </Stack>
      )}

      {step === 'progress' && (
        <Stack gap="md">
          <Title order={3} size="h5" ref={stepRef} tabIndex={-1} style={{ outline: 'none' }}>
            {done ? t('activists.importDone') : t('activists.importRunning', { percent: current?.percent ?? 0 })}
          </Title>
          <Progress
            value={current?.percent ?? 0}
            aria-label={t('activists.importProgress')}
            size="lg"
            animated={!done}
          />
          {current?.status === 'failed' && (
            <Alert color="danger" variant="light" role="alert">
              {t('activists.importFailed')}
            </Alert>
          )}
          {current && (
            <div role="status">
              <List spacing={4} size="sm" listStyleType="none">
                <List.Item>
                  {t('activists.importImported')}: <strong>{number(current.imported)}</strong>
                </List.Item>
                <List.Item>
                  {t('activists.importUpdated')}: <strong>{number(current.updated)}</strong>
                </List.Item>
                <List.Item>
                  {t('activists.importDuplicates')}: <strong>{number(current.duplicates)}</strong>
                </List.Item>
                <List.Item>
                  {t('activists.importRejectedCount')}: <strong>{number(current.rejected)}</strong>
                </List.Item>
              </List>
            </div>
          )}
          {done && current.rejected > 0 && (
            <Anchor href={`${importsPath(communityId)}/${current.id}/rejected.csv`} download>
              {t('activists.importDownloadRejected')}
            </Anchor>
          )}
          {(done || current?.status === 'failed') && (
            <Group justify="flex-end">
              <Button onClick={close}>{t('activists.importClose')}</Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
