import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Input, Modal, Pagination, Select, Skeleton, Space } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DoctorsDocument, type DoctorSort } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import FilterPanel from '../components/FilterPanel';
import DoctorRow from '../components/DoctorRow';
import { readFilters, toVariables, writeFilters, type DoctorFilters } from '../components/doctorFilters';
import '../i18n';

const PAGE_SIZE = 10;

export default function DoctorsPage() {
  const { t } = useTranslation('doctors');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [query, setQuery] = useState(filters.q);
  const [modalOpen, setModalOpen] = useState(false);
  useEffect(() => setQuery(filters.q), [filters.q]);
  const { data, previousData, loading, error } = useQuery(DoctorsDocument, { variables: toVariables(filters, PAGE_SIZE) });
  const result = (data ?? previousData)?.doctors;

  const apply = (f: DoctorFilters) => setParams(writeFilters(f));
  const reset = () => {
    setModalOpen(false);
    setParams(new URLSearchParams());
  };

  return (
    <div className="doctors-page">
      <aside className="doctors-filters card only-desktop" aria-label={t('filters')}>
        <FilterPanel value={filters} onChange={apply} onReset={reset} />
      </aside>
      <section className="doctors-results">
        <h1 className="page-title">{t('doctors')}</h1>
        <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
          <Input
            aria-label={t('search')}
            placeholder={t('search')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onPressEnter={() => apply({ ...filters, q: query, page: 1 })}
            allowClear
          />
          <Button type="primary" onClick={() => apply({ ...filters, q: query, page: 1 })}>{t('searchButton')}</Button>
        </Space.Compact>
        <Space wrap style={{ marginBottom: 12 }}>
          <Button className="only-mobile" icon={<FilterOutlined />} onClick={() => setModalOpen(true)}>{t('filtersButton')}</Button>
          <Select<DoctorSort>
            aria-label={t('sort')}
            value={filters.sort}
            style={{ minWidth: 180 }}
            onChange={(sort) => apply({ ...filters, sort, page: 1 })}
            options={[
              { value: 'Recommended', label: t('sortRecommended') }, { value: 'Rating', label: t('sortRating') },
              { value: 'FeeLowToHigh', label: t('sortFeeAsc') }, { value: 'FeeHighToLow', label: t('sortFeeDesc') },
              { value: 'Experience', label: t('sortExperience') },
            ]}
          />
          {result && <span className="muted" data-testid="doctor-count">{t('results', { count: result.total })}</span>}
        </Space>
        {error && <Alert type="error" showIcon message={errorInfo(error).message} />}
        {!result && loading && <Skeleton active avatar paragraph={{ rows: 4 }} />}
        {result && result.items.length === 0 && <Empty description={t('noDoctors')} />}
        <div className="doctor-list" aria-busy={loading}>
          {result?.items.map((d) => <DoctorRow key={d.id} doctor={d} />)}
        </div>
        {result && result.total > PAGE_SIZE && (
          <Pagination
            style={{ marginTop: 16 }}
            current={result.page}
            pageSize={PAGE_SIZE}
            total={result.total}
            showSizeChanger={false}
            onChange={(page) => apply({ ...filters, page })}
          />
        )}
      </section>
      <Modal open={modalOpen} title={t('filters')} onCancel={() => setModalOpen(false)} footer={<Button type="primary" onClick={() => setModalOpen(false)}>{t('apply')}</Button>}>
        <FilterPanel value={filters} onChange={apply} onReset={reset} />
      </Modal>
    </div>
  );
}
