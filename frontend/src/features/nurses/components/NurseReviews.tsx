import { useEffect, useState } from 'react';
import { Alert, App, Button, Empty, Form, Input, List, Rate, Skeleton } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import {
  CreateNurseReviewDocument, NurseDetailDocument, NurseReviewEligibilityDocument, NurseReviewsDocument, UpdateNurseReviewDocument,
} from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatDate } from '@/lib/dates';
import { useSession } from '@/lib/session';
import '../i18n';
import { useLengthCount } from '@/components/lengthCount';

export default function NurseReviews({ nurseId }: { nurseId: string }) {
  const { t, i18n } = useTranslation('nurses');
  const session = useSession();
  const reviews = useQuery(NurseReviewsDocument, { variables: { nurseId, page: 1, pageSize: 50 } });
  const eligibility = useQuery(NurseReviewEligibilityDocument, { variables: { nurseId }, skip: !session });
  const list = reviews.data?.nurseReviews;

  return (
    <section className="card" style={{ marginTop: 16 }} aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" style={{ marginTop: 0 }}>{t('reviewsTitle', { count: list?.total ?? 0 })}</h2>
      {reviews.error && <Alert type="error" showIcon title={errorInfo(reviews.error).message} />}
      {reviews.loading && !list && <Skeleton active />}
      {list && list.items.length === 0 && <Empty description={t('noReviews')} />}
      {list && list.items.length > 0 && (
        <List
          dataSource={list.items}
          renderItem={(r) => (
            <List.Item key={r.id}>
              <List.Item.Meta
                title={<>{r.name} <Rate disabled allowHalf value={r.rating} style={{ fontSize: 13 }} /></>}
                description={<><div className="written" style={{ color: '#1f2933' }}>{r.comment}</div><small>{formatDate(r.createdAt, i18n.language)}</small></>}
              />
            </List.Item>
          )}
        />
      )}
      <ReviewForm nurseId={nurseId} loggedIn={!!session} eligibility={eligibility.data?.nurseReviewEligibility} onSaved={() => {
        void reviews.refetch();
        void eligibility.refetch();
      }} />
    </section>
  );
}

type Eligibility = { canReview: boolean; reason?: string | null; review?: { id: string; rating: number; comment: string } | null };

function ReviewForm({ nurseId, loggedIn, eligibility, onSaved }: { nurseId: string; loggedIn: boolean; eligibility?: Eligibility; onSaved: () => void }) {
  const { t } = useTranslation('nurses');
  const commentCount = useLengthCount(2000);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ rating: number; comment: string }>();
  const [error, setError] = useState<string | null>(null);
  const refetchQueries = [{ query: NurseDetailDocument, variables: { id: nurseId } }];
  const [create, createState] = useMutation(CreateNurseReviewDocument, { refetchQueries });
  const [update, updateState] = useMutation(UpdateNurseReviewDocument, { refetchQueries });
  const own = eligibility?.review;

  useEffect(() => {
    if (own) form.setFieldsValue({ rating: own.rating, comment: own.comment });
  }, [own, form]);

  if (!loggedIn) return <Alert type="info" showIcon title={t('loginToReview')} style={{ marginTop: 12 }} />;
  if (!eligibility) return null;
  if (!eligibility.canReview && !own) {
    return <Alert type="info" showIcon title={t(eligibility.reason === 'NOT_A_PATIENT' ? 'onlyPatientsReview' : 'reviewAfterHire')} style={{ marginTop: 12 }} />;
  }

  async function submit(v: { rating?: number; comment?: string }) {
    setError(null);
    if (!v.rating || !v.comment?.trim()) {
      setError(t('chooseRating'));
      return;
    }
    try {
      const input = { nurseId, rating: v.rating, comment: v.comment.trim() };
      if (own) await update({ variables: { input } });
      else await create({ variables: { input } });
      void message.success(t('reviewAdded'));
      onSaved();
    } catch (e) {
      setError(errorInfo(e).message);
    }
  }

  return (
    <Form noValidate form={form} layout="vertical" onFinish={submit} style={{ marginTop: 16 }} requiredMark={false}>
      <h3>{own ? t('editReview') : t('giveReview')}</h3>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} />}
      <Form.Item name="rating" label={t('chooseRating')}>
        <Rate allowHalf />
      </Form.Item>
      <Form.Item name="comment">
        <Input.TextArea rows={3} placeholder={t('writePlaceholder')} maxLength={2000} count={commentCount} aria-label={t('writePlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={createState.loading || updateState.loading}>{t('submit')}</Button>
    </Form>
  );
}
