import { useEffect, useId, useState } from 'react';
import { Alert, Button, Progress, Radio, Table, Tag } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import {
  CatalogueImportProgressDocument, CatalogueImportsDocument, CheckCatalogueImportDocument, RunCatalogueImportDocument,
  type CatalogueImportFieldsFragment, type CatalogueImportStatus, type CatalogueKind,
} from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatCount } from '@/lib/money';
import { formatDateTime } from '@/lib/dates';
import { readerDigits } from '@/lib/digits';
import { CODE_SLOT, TextWithCode } from '@/lib/refs';
import '../i18n';

type Import = CatalogueImportFieldsFragment;
type Problem = Import['problems'][number];
const STATUS_COLOR: Record<CatalogueImportStatus, string> = { Checked: 'blue', Running: 'gold', Done: 'green', Failed: 'red' };
const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The headers a file's first row names (what the server reads: modules/catalogue/catalogue.rows.ts), typed as they are in any language. */
const COLUMNS: Record<CatalogueKind, { required: string[]; optional: string[] }> = {
  Medicines: {
    required: ['brand', 'generic', 'strength', 'form', 'company', 'price'],
    optional: ['prescription only (yes/no)', 'bangla name', 'unit (pcs/strip/bottle)', 'stock', 'description'],
  },
  Specialities: { required: ['title'], optional: ['title bn', 'sort order'] },
};
/** Values the problems quote as they are to be typed in the file. */
const TYPED = { examples: 'Tablet, Capsule, Syrup', units: 'pcs, strip, bottle', example: '12.50', yes: 'yes', no: 'no', command: 'npm run catalogue:import' };

/**
 * A catalogue file in two steps: "Check the file" (the dry run: every row's problem with its line,
 * nothing imported), then, for a file without problems, "Import" with its progress read every half
 * second until it is done. The latest imports are listed below.
 */
export default function CatalogueImportPanel() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const n = (x: number) => formatCount(x, lang);
  const fileId = useId();
  const [kind, setKind] = useState<CatalogueKind>('Medicines');
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<Import | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [check, checking] = useMutation(CheckCatalogueImportDocument);
  const [run, starting] = useMutation(RunCatalogueImportDocument);
  const running = checked?.status === 'Running';
  const progress = useQuery(CatalogueImportProgressDocument, { variables: { id: checked?.id ?? '' }, skip: !running, pollInterval: 500, fetchPolicy: 'network-only' });
  const recent = useQuery(CatalogueImportsDocument, { fetchPolicy: 'cache-and-network' });
  const current = (running && progress.data?.catalogueImport) || checked;

  useEffect(() => {
    const latest = progress.data?.catalogueImport;
    if (running && latest && latest.status !== 'Running') {
      setChecked(latest);
      void recent.refetch();
    }
  }, [progress.data, running, recent]);

  async function onCheck() {
    if (!file) return;
    setFailure(null);
    try {
      const res = await check({ variables: { kind, file } });
      setChecked(res.data?.checkCatalogueImport ?? null);
      void recent.refetch();
    } catch (e) {
      setChecked(null);
      setFailure(errorInfo(e).message);
    }
  }

  async function onRun() {
    if (!checked) return;
    setFailure(null);
    try {
      const res = await run({ variables: { id: checked.id } });
      setChecked(res.data?.runCatalogueImport ?? null);
    } catch (e) {
      setFailure(errorInfo(e).message);
    }
  }

  // The value quoted from the file stays as the file has it (a code, not a number to put in Bangla
  // digits); the example price is in the reader's digits, which the importer reads too.
  const problemText = (p: Problem) => (
    <TextWithCode code={p.value ?? ''} text={t(`catalogue.problems.${p.code}`, {
      ...TYPED, example: readerDigits(TYPED.example, lang), value: CODE_SLOT, line: p.value ? readerDigits(p.value, lang) : '',
    })} />
  );
  return (
    <div className="catalogue-import">
      <p className="muted">{t('catalogue.intro', { command: TYPED.command })}</p>
      <Radio.Group value={kind} onChange={(e) => { setKind(e.target.value as CatalogueKind); setChecked(null); }} aria-label={t('catalogue.kind')}
        options={[{ value: 'Medicines', label: t('catalogue.kinds.Medicines') }, { value: 'Specialities', label: t('catalogue.kinds.Specialities') }]} />
      <p className="muted catalogue-columns">
        {t('catalogue.columnsRequired')} {COLUMNS[kind].required.map((c, i) => <span key={c}>{i > 0 && ', '}<code>{c}</code></span>)};{' '}
        {t('catalogue.columnsOptional')} {COLUMNS[kind].optional.map((c, i) => <span key={c}>{i > 0 && ', '}<code>{c}</code></span>)}.
        {kind === 'Medicines' && <> {t('catalogue.priceHint')}</>}
      </p>
      <div className="catalogue-file">
        <label htmlFor={fileId}>{t('catalogue.file')}</label>
        <input id={fileId} type="file" accept={ACCEPT} data-testid="catalogue-file"
          onChange={(e) => { setFile(e.target.files?.[0] ?? null); setChecked(null); }} />
        <Button type="primary" onClick={() => void onCheck()} disabled={!file || running} loading={checking.loading}>{t('catalogue.check')}</Button>
      </div>
      {failure && <Alert type="error" showIcon message={failure} role="alert" />}
      {current && (
        <section className="catalogue-result" aria-live="polite" data-testid="catalogue-result">
          <h2>{current.fileName}</h2>
          <p>{t('catalogue.summary', { count: current.totalRows, rows: n(current.totalRows), fresh: n(current.newRows), existing: n(current.existingRows) })}</p>
          {current.ignoredColumns.length > 0 && <p className="muted">{t('catalogue.ignored', { columns: current.ignoredColumns.join(', ') })}</p>}
          {current.problemCount > 0 && (
            <>
              <Alert type="warning" showIcon message={t('catalogue.hasProblems', { count: current.problemCount, n: n(current.problemCount) })} />
              <Table<Problem>
                rowKey={(p) => `${p.line}-${p.column}-${p.code}`} dataSource={current.problems} size="small" pagination={{ pageSize: 20, hideOnSinglePage: true }}
                data-testid="catalogue-problems"
                columns={[
                  { title: t('catalogue.line'), key: 'line', width: 64, render: (_, p) => n(p.line) },
                  {
                    title: t('catalogue.problem'), key: 'problem',
                    render: (_, p) => <>{p.column && <strong>{t(`catalogue.columns.${p.column}`)}: </strong>}{problemText(p)}</>,
                  },
                ]}
              />
              {current.problemCount > current.problems.length && <p className="muted">{t('catalogue.moreProblems', { n: n(current.problemCount - current.problems.length) })}</p>}
            </>
          )}
          {current.problemCount === 0 && current.status === 'Checked' && (
            <Button type="primary" onClick={() => void onRun()} loading={starting.loading} data-testid="catalogue-run">
              {t('catalogue.run', { count: current.totalRows, n: n(current.totalRows) })}
            </Button>
          )}
          {current.status === 'Running' && (
            <div data-testid="catalogue-progress">
              <Progress percent={current.totalRows ? Math.floor((current.processedRows * 100) / current.totalRows) : 0} format={(p) => readerDigits(`${p ?? 0}%`, lang)} />
              <p className="muted">{t('catalogue.progress', { done: n(current.processedRows), rows: n(current.totalRows) })}</p>
            </div>
          )}
          {current.status === 'Done' && (
            <Alert type="success" showIcon data-testid="catalogue-done"
              message={t('catalogue.done', { created: n(current.createdRows), updated: n(current.updatedRows), unchanged: n(current.unchangedRows) })} />
          )}
          {current.status === 'Failed' && <Alert type="error" showIcon message={t('catalogue.failed', { error: current.error ?? '' })} />}
        </section>
      )}
      <h2 className="catalogue-recent">{t('catalogue.recent')}</h2>
      <Table<Import>
        rowKey="id" dataSource={recent.data?.catalogueImports ?? []} loading={recent.loading && !recent.data} size="small" pagination={false}
        locale={{ emptyText: t('catalogue.noImports') }}
        columns={[
          {
            title: t('catalogue.file'), key: 'file',
            render: (_, r) => <><strong className="catalogue-name">{r.fileName}</strong><div className="muted">{t(`catalogue.kinds.${r.kind}`)} · {formatDateTime(r.createdAt, lang)}</div></>,
          },
          {
            title: t('catalogue.state'), key: 'state', width: '45%',
            render: (_, r) => (
              <>
                <Tag color={STATUS_COLOR[r.status]}>{t(`catalogue.states.${r.status}`)}</Tag>
                <div className="muted">
                  {r.status === 'Done'
                    ? t('catalogue.doneShort', { created: n(r.createdRows), updated: n(r.updatedRows), unchanged: n(r.unchangedRows) })
                    : r.problemCount ? t('catalogue.problemsShort', { count: r.problemCount, n: n(r.problemCount) }) : t('catalogue.rowsShort', { count: r.totalRows, n: n(r.totalRows) })}
                </div>
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
