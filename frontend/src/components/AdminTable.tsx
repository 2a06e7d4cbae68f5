import type { ReactNode } from 'react';
import { Alert, App, Button, Empty, Input, Select, Space, Table } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import './widgets-i18n';
import { errorInfo } from '@/lib/errors';
import { downloadCsv } from '@/lib/download';
import Pager from './Pager';

export type ListOrder = 'newest' | 'oldest';

/**
 * The state of an admin table lives in the URL (?page=2&status=Delivered&q=rahim&sort=oldest), so a
 * dashboard tile can link straight to a filtered table, and Back and reload keep the view.
 */
export function useTableParams<K extends string>(filterKeys: readonly K[] = [], prefix = '') {
  const [params, setParams] = useSearchParams();
  const get = (k: string) => params.get(prefix + k);
  const page = Math.max(1, Number(get('page') ?? 1) || 1);
  const q = get('q') ?? '';
  const sort = get('sort') ?? 'newest';
  const filters = Object.fromEntries(filterKeys.map((k) => [k, get(k)])) as Record<K, string | null>;
  /** Changing anything but the page goes back to page 1. */
  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) if (v) next.set(prefix + k, v); else next.delete(prefix + k);
    if (!('page' in patch)) next.delete(`${prefix}page`);
    setParams(next, { replace: true });
  };
  /** The same filters for the CSV export (the REST layer calls the search `search`). */
  const exportQuery = () => {
    const out = new URLSearchParams();
    for (const k of ['q', 'sort', ...filterKeys]) {
      const v = get(k);
      if (v) out.set(k === 'q' ? 'search' : k, v);
    }
    return out.toString();
  };
  return { page, q, sort, filters, set, exportQuery };
}

export type TableParams = ReturnType<typeof useTableParams>;

/**
 * The Actions column of every admin table: pinned to the right edge, so that its buttons stay in view
 * while the other columns scroll sideways inside the table (never the page), with a width of its own
 * (a fixed column without one gets an equal share of the table and cuts its buttons off). Buttons that
 * do not fit side by side stack.
 */
export function actionsColumn<T>(title: string, render: (row: T) => ReactNode, width = 120): ColumnType<T> {
  return {
    title, key: 'actions', fixed: 'right', width,
    render: (_, row) => <Space wrap size={[8, 8]} className="table-actions">{render(row)}</Space>,
  };
}

export interface TableFilter {
  key: string;
  label: string;
  options: { value: string; label: string }[];
}

interface PageShape<T> { items: T[]; total: number; page: number; pageCount: number }

/**
 * Every admin table: title, search, filters, sort, CSV of the filtered rows, the table with its empty
 * state, and the 1st / Prev / Next / Last pager (the page size comes from the server).
 */
export default function AdminTable<T extends { id: string }>({
  title, table, result, loading, error, columns, empty, csv, search, filters = [], sortOptions, extra, scrollX = 860, children, bare = false,
}: {
  title: string;
  /** Inside another card (a tab): no card and no heading of its own. */
  bare?: boolean;
  table: TableParams;
  result?: PageShape<T> | null;
  loading: boolean;
  error?: unknown;
  columns: ColumnsType<T>;
  empty: string;
  /** GET /api/admin/<csv>.csv */
  csv?: string;
  search?: string;
  filters?: TableFilter[];
  /** Defaults to newest/oldest; an empty list hides the sort (a list the server keeps in one order). */
  sortOptions?: { value: string; label: string }[];
  extra?: ReactNode;
  scrollX?: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation('widgets');
  const { message } = App.useApp();
  const sorts = sortOptions ?? [{ value: 'newest', label: t('table.newest') }, { value: 'oldest', label: t('table.oldest') }];

  async function onExport() {
    try {
      const q = table.exportQuery();
      const done = await downloadCsv(`/api/admin/${csv}.csv${q ? `?${q}` : ''}`, `nirog-${csv}.csv`);
      void message.success(t('table.exported', { count: done.rows, file: done.filename }));
    } catch (e) {
      void message.error(t('table.exportFailed', { reason: errorInfo(e).message }));
    }
  }

  return (
    <div className={bare ? undefined : 'card'}>
      {!bare && <h1 className="page-title">{title}</h1>}
      <Space wrap style={{ marginBottom: 16 }}>
        {search !== undefined && (
          <Input.Search key={table.q} allowClear defaultValue={table.q} placeholder={search} aria-label={search} style={{ width: 260 }}
            onSearch={(v) => table.set({ q: v.trim() || null })} />
        )}
        {filters.map((f) => (
          <Select<string> key={f.key} aria-label={f.label} value={table.filters[f.key as never] ?? ''} style={{ minWidth: 160 }}
            onChange={(v) => table.set({ [f.key]: v || null })}
            options={[{ value: '', label: f.label }, ...f.options]} />
        ))}
        {sorts.length > 0 && <Select<string> aria-label={t('table.sort')} value={table.sort} style={{ minWidth: 150 }} onChange={(v) => table.set({ sort: v })} options={sorts} />}
        {csv && <Button icon={<DownloadOutlined />} onClick={() => void onExport()}>{t('table.exportCsv')}</Button>}
        {extra}
      </Space>
      {error ? <Alert type="error" showIcon message={errorInfo(error).message} style={{ marginBottom: 16 }} /> : null}
      <Table<T>
        rowKey="id"
        loading={loading}
        dataSource={result?.items ?? []}
        pagination={false}
        scroll={{ x: scrollX }}
        locale={{ emptyText: <Empty description={empty} /> }}
        columns={columns}
      />
      {result && result.total > 0 && (
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Pager page={result.page} pageCount={result.pageCount} onChange={(p) => table.set({ page: String(p) })} />
          <span className="muted" style={{ marginTop: 16, display: 'inline-block' }}>{t('table.total', { count: result.total })}</span>
        </Space>
      )}
      {children}
    </div>
  );
}
