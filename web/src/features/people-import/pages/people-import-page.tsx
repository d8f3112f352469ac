import { Alert, Badge, Button, FileButton, Group, List, Progress, Stack, Table, Text, Title } from '@mantine/core';
import {
  type ImportFileProblem,
  type ImportRowCheck,
  type ImportRowProblem,
  MAX_IMPORT_ROWS,
  PEOPLE_IMPORT_COLUMNS,
  type PeopleImportCheckData,
  type PeopleImportColumn,
  type PeopleImportResultData,
} from '@mm/contract';
import { IconAlertTriangle, IconCheck, IconDownload, IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { StackedTable } from '../../../components/stacked-table.tsx';
import { useManagedOrganization } from '../../../components/super-user-only.tsx';
import { paths } from '../../../config/paths.ts';
import { saveFile } from '../../../lib/api-client.ts';
import { adminNotify } from '../../../lib/notify.ts';
import { useCheckPeopleImport, useImportPeople } from '../api/people-import.ts';
import { cellOf, type ReadCsv, readCsv, templateCsv } from '../lib/read-csv.ts';

/** Rows with problems the preview lists (all of a typical file), then rows without any. */
const PROBLEM_ROWS_SHOWN = 200;
const GOOD_ROWS_SHOWN = 50;
/** Sheets per printed PDF (the enrolment call's own limit). */
const SHEETS_PER_PRINT = 500;

type PeopleImportPageProps = {
  /** Prints sign-in sheets for members without e-mail (app/ composes the enrolment feature's call). */
  printSheets?: (userIds: number[]) => Promise<void>;
};

/**
 * /manage-team/import: a super user enrols people from a CSV file. The browser reads the file, the server checks
 * every row (writing nothing) and the preview lists each row's problems; once the file is clean, one import writes
 * every row or none.
 */
export function PeopleImportPage({ printSheets }: PeopleImportPageProps) {
  const { t } = useTranslation('people-import');
  const { organizationId } = useManagedOrganization();
  const [file, setFile] = useState<ReadCsv | null>(null);
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const check = useCheckPeopleImport();
  const run = useImportPeople();
  const resetPicker = useRef<() => void>(null);
  const previewed = file !== null && check.data !== undefined && !check.isPending;

  async function choose(picked: File | null) {
    if (!picked) return;
    run.reset();
    check.reset();
    setReadError(null);
    setFile(null);
    setReading(true);
    try {
      const read = await readCsv(picked);
      setFile(read);
      if (read.rows.length > MAX_IMPORT_ROWS) setReadError(t('upload.tooMany', { count: MAX_IMPORT_ROWS }));
      else if (read.rows.length === 0) setReadError(t('upload.empty'));
      else check.mutate({ organizationId, file: read });
    } catch {
      setReadError(t('upload.unreadable'));
    } finally {
      setReading(false);
      resetPicker.current?.();
    }
  }

  function downloadTemplate() {
    const text = templateCsv({
      first_name: t('template.firstName'),
      last_name: t('template.lastName'),
      email: t('template.email'),
      employee_number: '',
      team: t('template.team'),
      role: t('template.role'),
      shift: 'day',
      manager: '',
    });
    // The byte-order mark tells a spreadsheet the file is UTF-8 (accented names).
    saveFile({ blob: new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }), filename: null }, 'people-import-template.csv');
  }

  function startImport() {
    if (!file) return;
    run.mutate(
      { organizationId, file },
      {
        onError: (error) => {
          adminNotify.error(error);
          // What changed since the check (someone added meanwhile, seats) is shown again row by row.
          check.mutate({ organizationId, file });
        },
      },
    );
  }

  const picker = (
    <FileButton onChange={choose} accept=".csv,text/csv" resetRef={resetPicker}>
      {(props) => (
        <Button
          {...props}
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          loading={reading || check.isPending}
          variant={file ? 'default' : 'filled'}
        >
          {file ? t('upload.another') : t('upload.choose')}
        </Button>
      )}
    </FileButton>
  );

  return (
    <AdminPage title={t('title')} back={paths.manageTeam}>
      <Stack>
        {run.isSuccess ? (
          <ImportDone result={run.data} printSheets={printSheets} />
        ) : (
          <>
            <Text>{t('intro')}</Text>
            <List size="sm" spacing={4}>
              <List.Item>{t('rules.columns')}</List.Item>
              <List.Item>{t('rules.contact')}</List.Item>
              <List.Item>{t('rules.team')}</List.Item>
              <List.Item>{t('rules.shift')}</List.Item>
              <List.Item>{t('rules.manager')}</List.Item>
            </List>
            <Group>
              {/* Once a preview is shown, its own button below the rows chooses the corrected file (one file input at a time). */}
              {!previewed && picker}
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={downloadTemplate}>
                {t('template.download')}
              </Button>
            </Group>
            {(reading || check.isPending) && (
              <Stack gap={4} role="status">
                <Text size="sm">{reading ? t('progress.reading') : t('progress.checking', { count: file?.rows.length ?? 0 })}</Text>
                <Progress value={100} striped animated aria-hidden />
              </Stack>
            )}
            {readError && (
              <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
                {readError}
              </Alert>
            )}
            {check.isError && <Alert color="red">{check.error.message}</Alert>}
            {previewed && check.data && <Preview file={file} data={check.data} importing={run.isPending} onImport={startImport} picker={picker} />}
          </>
        )}
      </Stack>
    </AdminPage>
  );
}

function Preview({
  file,
  data,
  importing,
  onImport,
  picker,
}: {
  file: ReadCsv;
  data: PeopleImportCheckData;
  importing: boolean;
  onImport: () => void;
  picker: React.ReactNode;
}) {
  const { t } = useTranslation('people-import');
  const shown = useMemo(() => {
    const problems = data.rows.filter((row) => row.status === 'invalid');
    const others = data.rows.filter((row) => row.status !== 'invalid');
    return [...problems.slice(0, PROBLEM_ROWS_SHOWN), ...others.slice(0, GOOD_ROWS_SHOWN)];
  }, [data]);
  const clean = data.ready;
  return (
    <Stack>
      <Title order={2} size="h3">
        {t('preview.title', { file: file.name })}
      </Title>
      <Group gap="xs">
        <Badge color="green" variant="light" size="lg">
          {t('summary.new', { count: data.new_count })}
        </Badge>
        <Badge color="gray" variant="light" size="lg">
          {t('summary.present', { count: data.present_count })}
        </Badge>
        <Badge color={data.invalid_count > 0 ? 'red' : 'gray'} variant="light" size="lg">
          {t('summary.invalid', { count: data.invalid_count })}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('summary.seats', { free: data.seats.free, seats: data.seats.seats })}
      </Text>
      {data.file_problems.length > 0 && (
        <Alert color="red" title={t('preview.fileProblems')} icon={<IconAlertTriangle size={18} aria-hidden />}>
          <List size="sm">
            {data.file_problems.map((problem) => (
              <List.Item key={`${problem.code}-${problem.column}`}>{fileProblemText(t, problem)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {clean ? (
        <Alert color="green" icon={<IconCheck size={18} aria-hidden />}>
          {data.new_count > 0 ? t('preview.ready', { count: data.new_count }) : t('preview.nothingNew')}
        </Alert>
      ) : (
        data.invalid_count > 0 && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {t('preview.fix', { count: data.invalid_count })}
          </Alert>
        )
      )}
      {shown.length > 0 && (
        <StackedTable withTableBorder striped aria-label={t('preview.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('table.line')}</Table.Th>
              <Table.Th>{t('table.name')}</Table.Th>
              <Table.Th>{t('table.contact')}</Table.Th>
              <Table.Th>{t('table.team')}</Table.Th>
              <Table.Th>{t('table.role')}</Table.Th>
              <Table.Th>{t('table.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <PreviewRow key={row.line} file={file} row={row} free={data.seats.free} />
            ))}
          </Table.Tbody>
        </StackedTable>
      )}
      {data.rows.length > shown.length && (
        <Text size="sm" c="dimmed">
          {t('preview.more', { shown: shown.length, count: data.rows.length })}
        </Text>
      )}
      <Group>
        <Button onClick={onImport} disabled={!clean || data.new_count === 0} loading={importing}>
          {t('import.button', { count: data.new_count })}
        </Button>
        {picker}
      </Group>
      {importing && (
        <Stack gap={4} role="status">
          <Text size="sm">{t('progress.importing', { count: data.new_count })}</Text>
          <Progress value={100} striped animated aria-hidden />
        </Stack>
      )}
    </Stack>
  );
}

function PreviewRow({ file, row, free }: { file: ReadCsv; row: ImportRowCheck; free: number }) {
  const { t } = useTranslation('people-import');
  const index = row.line - 2;
  const cell = (column: (typeof PEOPLE_IMPORT_COLUMNS)[number]) => cellOf(file, index, column);
  const name = `${cell('first_name')} ${cell('last_name')}`.trim();
  const contact = cell('email') || cell('employee_number');
  return (
    <Table.Tr>
      <Table.Td data-label={t('table.line')}>{row.line}</Table.Td>
      <Table.Td data-label={t('table.name')} translate="no">
        {name || '-'}
      </Table.Td>
      <Table.Td data-label={t('table.contact')} translate="no" style={{ overflowWrap: 'anywhere' }}>
        {contact || '-'}
      </Table.Td>
      <Table.Td data-label={t('table.team')} translate="no">
        {cell('team') || '-'}
      </Table.Td>
      <Table.Td data-label={t('table.role')} translate="no">
        {cell('role') || '-'}
      </Table.Td>
      <Table.Td data-label={t('table.result')}>
        {row.status === 'invalid' ? (
          <List size="sm" c="red.9" spacing={2}>
            {row.problems.map((problem) => (
              <List.Item key={`${problem.code}-${problem.column}`}>{rowProblemText(t, problem, cell, free)}</List.Item>
            ))}
          </List>
        ) : (
          <Badge color={row.status === 'new' ? 'green' : 'gray'} variant="light">
            {row.status === 'new' ? t('status.new') : t('status.present')}
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function ImportDone({ result, printSheets }: { result: PeopleImportResultData; printSheets?: ((userIds: number[]) => Promise<void>) | undefined }) {
  const { t } = useTranslation('people-import');
  const [printing, setPrinting] = useState<number | null>(null);
  const batches = useMemo(() => {
    const ids = result.without_email.map((person) => person.id);
    return Array.from({ length: Math.ceil(ids.length / SHEETS_PER_PRINT) }, (_, i) => ids.slice(i * SHEETS_PER_PRINT, (i + 1) * SHEETS_PER_PRINT));
  }, [result]);

  async function print(batch: number) {
    if (!printSheets) return;
    setPrinting(batch);
    try {
      await printSheets(batches[batch] ?? []);
      adminNotify.success(t('done.printed'));
    } catch (error) {
      adminNotify.error(error);
    } finally {
      setPrinting(null);
    }
  }

  return (
    <Stack>
      <Alert color="green" icon={<IconCheck size={18} aria-hidden />} title={t('done.title', { count: result.created })}>
        <Stack gap={4}>
          {result.present > 0 && <Text size="sm">{t('done.present', { count: result.present })}</Text>}
          {result.invited > 0 && <Text size="sm">{t('done.invited', { count: result.invited })}</Text>}
        </Stack>
      </Alert>
      {batches.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('done.sheetsTitle')}
          </Title>
          <Text size="sm">{t('done.sheets', { count: result.without_email.length })}</Text>
          <Group>
            {batches.map((batch, i) => (
              <Button
                key={batch[0]}
                leftSection={<IconPrinter size={16} aria-hidden />}
                loading={printing === i}
                disabled={!printSheets || (printing !== null && printing !== i)}
                onClick={() => void print(i)}
              >
                {batches.length === 1
                  ? t('done.print', { count: batch.length })
                  : t('done.printBatch', { from: i * SHEETS_PER_PRINT + 1, to: i * SHEETS_PER_PRINT + batch.length })}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
      <Group>
        <Button component={Link} to={paths.manageTeam} variant={batches.length > 0 ? 'default' : 'filled'}>
          {t('done.back')}
        </Button>
      </Group>
    </Stack>
  );
}

function columnLabel(t: TFunction<'people-import'>, column: string | null): string {
  return (PEOPLE_IMPORT_COLUMNS as readonly string[]).includes(column ?? '')
    ? t(`columns.${column as (typeof PEOPLE_IMPORT_COLUMNS)[number]}`)
    : (column ?? '');
}

function rowProblemText(t: TFunction<'people-import'>, problem: ImportRowProblem, cell: (column: PeopleImportColumn) => string, free: number): string {
  const column = columnLabel(t, problem.column);
  switch (problem.code) {
    case 'missing':
      return t('problems.missing', { column });
    case 'invalid':
      if (problem.column === 'email') return t('problems.invalidEmail');
      if (problem.column === 'employee_number') return t('problems.invalidNumber');
      if (problem.column === 'shift') return t('problems.invalidShift');
      return t('problems.invalid', { column });
    case 'contact':
      return t('problems.contact');
    case 'duplicate':
      return t('problems.duplicate', { column, line: problem.line });
    case 'taken':
      return t('problems.taken', { column });
    case 'unknown_team':
      return t('problems.unknownTeam', { team: cell('team') });
    case 'unknown_manager':
      return t('problems.unknownManager', { manager: cell('manager') });
    case 'over_seats':
      return t('problems.overSeats', { count: free });
  }
}

function fileProblemText(t: TFunction<'people-import'>, problem: ImportFileProblem): string {
  switch (problem.code) {
    case 'unknown_column':
      return t('fileProblems.unknown', { column: problem.column });
    case 'missing_column':
      return t('fileProblems.missing', { column: columnLabel(t, problem.column) });
    case 'duplicate_column':
      return t('fileProblems.duplicate', { column: problem.column });
    case 'no_contact_column':
      return t('fileProblems.noContact');
  }
}
