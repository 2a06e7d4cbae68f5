import { useState } from 'react';
import { Alert, Button, Descriptions, Empty, List, Rate, Skeleton, Space, Tag } from 'antd';
import { VideoCameraOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DoctorDetailDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { formatCount, formatTaka } from '@/lib/money';
import { formatDate } from '@/lib/dates';
import { errorInfo } from '@/lib/errors';
import PersonPhoto from '@/components/PersonPhoto';
import Pager from '@/components/Pager';
import ReviewForm from '../components/ReviewForm';
import { useDoctorTitle } from '@/lib/doctorTitles';
import { useSpecialityNames } from '@/lib/specialities';
import '../i18n';

export default function DoctorDetailPage() {
  const { doctorId = '' } = useParams();
  const { t, i18n } = useTranslation('doctors');
  const titleOf = useDoctorTitle();
  const specialityNames = useSpecialityNames();
  const [reviewPage, setReviewPage] = useState(1);
  const { data, loading, error, refetch } = useQuery(DoctorDetailDocument, { variables: { id: doctorId, reviewPage } });
  if (loading && !data) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  if (error || !data) return <Alert type="error" showIcon message={errorInfo(error).message} />;
  const d = data.doctor;
  const reviews = data.doctorReviews;
  const query = `?doctorId=${encodeURIComponent(d.id)}`;
  return (
    <div className="doctor-detail">
      <section className="card">
        <Space align="start" size={24} wrap>
          <PersonPhoto url={d.avatarUrl} name={d.name} title={titleOf(d.title)} size={120} eager priority />
          <div>
            <h1 className="page-title" style={{ marginBottom: 4 }}>{titleOf(d.title)} {d.name} {d.isOnline && <Tag color="green">{t('online')}</Tag>}</h1>
            <div>{d.degree}</div>
            <div className="muted">{specialityNames(d.specialities)}</div>
            <Rate disabled allowHalf value={d.rating} /> <span className="muted">{t('totalRatings', { count: d.reviewCount })}</span>
          </div>
        </Space>
        <Descriptions column={{ xs: 1, sm: 2 }} style={{ marginTop: 16 }}>
          <Descriptions.Item label={t('worksAt')}>{d.work}</Descriptions.Item>
          <Descriptions.Item label={t('location')}>{d.location}</Descriptions.Item>
          <Descriptions.Item label={t('experienceYears')}>{formatCount(d.experienceYears, i18n.language)}</Descriptions.Item>
          <Descriptions.Item label={t('fee')}><strong>{formatTaka(d.feePoisha, i18n.language)}</strong></Descriptions.Item>
        </Descriptions>
        <p>{d.description || t('noDescription')}</p>
        <Space wrap>
          <Link to={`${paths.hospitalAppointment}${query}`}><Button size="large">{t('hospitalVisit')}</Button></Link>
          {d.isOnline && (
            <Link to={`${paths.bookAppointment}${query}`}>
              <Button size="large" type="primary" icon={<VideoCameraOutlined />} style={{ background: '#237804' }}>{t('seeDoctorNow')}</Button>
            </Link>
          )}
        </Space>
      </section>
      <section className="card" style={{ marginTop: 16 }}>
        <h2>{t('reviews', { count: reviews.total })}</h2>
        {reviews.total === 0 ? <Empty description={t('noReviews')} /> : (
          <List
            dataSource={reviews.items}
            renderItem={(r) => (
              <List.Item key={r.id}>
                <List.Item.Meta title={<>{r.name} <Rate disabled allowHalf value={r.rating} style={{ fontSize: 13 }} /></>} description={formatDate(r.createdAt, i18n.language)} />
                <div>{r.comment}</div>
              </List.Item>
            )}
          />
        )}
        {reviews.pageCount > 1 && <Pager page={reviews.page} pageCount={reviews.pageCount} onChange={setReviewPage} />}
        <ReviewForm doctorId={d.id} onSaved={() => void refetch()} />
      </section>
    </div>
  );
}
