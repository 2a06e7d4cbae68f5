import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, Rate } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { MyReviewEligibilityDocument, ReviewDoctorDocument, UpdateDoctorReviewDocument } from '@/gql/graphql';
import { useSession } from '@/lib/session';
import { errorInfo } from '@/lib/errors';
import '../i18n';
import { useLengthCount } from '@/components/lengthCount';
import '../profile-i18n';

/** Stars in halves and a comment; only after a finished consultation, once (then it edits). Uses antd: see pages/DoctorDetailPage.tsx. */
export default function ReviewForm({ doctorId, onSaved }: { doctorId: string; onSaved: () => void }) {
  const { t } = useTranslation('doctors');
  const commentCount = useLengthCount(2000);
  const { message } = App.useApp();
  const session = useSession();
  const isPatient = session?.user.role === 'user';
  const { data } = useQuery(MyReviewEligibilityDocument, { variables: { doctorId }, skip: !isPatient });
  const [create, { loading: creating }] = useMutation(ReviewDoctorDocument);
  const [update, { loading: updating }] = useMutation(UpdateDoctorReviewDocument);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const existing = data?.myDoctorReviewEligibility.review;
  useEffect(() => {
    if (existing) {
      setRating(existing.rating);
      setComment(existing.comment);
    }
  }, [existing]);

  // The doctor's page shows visitors the "log in to review" note and mounts this form for patients only.
  if (!isPatient) return null;
  if (data && !data.myDoctorReviewEligibility.canReview) return <Alert type="info" showIcon message={t('reviewAfterConsultation')} />;

  async function submit() {
    if (!rating || !comment.trim()) {
      void message.error(t('required'));
      return;
    }
    try {
      const input = { doctorId, rating, comment: comment.trim() };
      if (existing) await update({ variables: { input } });
      else await create({ variables: { input } });
      void message.success(t(existing ? 'reviewUpdated' : 'reviewAdded'));
      onSaved();
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  return (
    <Form noValidate layout="vertical" onFinish={submit} className="card" style={{ marginTop: 16 }}>
      <h3>{existing ? t('editReview') : t('giveReview')}</h3>
      <Form.Item label={t('ratings')}>
        <Rate allowHalf value={rating} onChange={setRating} aria-label={t('ratings')} />
      </Form.Item>
      <Form.Item label={t('giveReview')} htmlFor="review-comment">
        <Input.TextArea id="review-comment" rows={3} maxLength={2000} count={commentCount} placeholder={t('writePlaceholder')} value={comment} onChange={(e) => setComment(e.target.value)} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={creating || updating}>{t('submit')}</Button>
    </Form>
  );
}
