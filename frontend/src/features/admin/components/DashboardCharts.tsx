import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { AdminDashboardQuery } from '@/gql/graphql';
import { dateTimeFormat } from '@/lib/intl';
import { formatCount, formatTaka } from '@/lib/money';

type Day = AdminDashboardQuery['adminDashboard']['daily'][number];

/** "22 Nov" in the reader's language; the dates are already Dhaka calendar days. */
const shortDay = (date: string, lang: string) =>
  dateTimeFormat(lang.startsWith('bn') ? 'bn-BD' : 'en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** Bookings and revenue per day over the last 30 days (recharts, loaded with the dashboard only). */
export default function DashboardCharts({ daily }: { daily: Day[] }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const data = daily.map((d) => ({
    day: shortDay(d.date, lang),
    consultations: d.consultations,
    hospitalVisits: d.hospitalVisits,
    // Chart coordinates only: the axis needs numbers; every label goes through formatTaka.
    consultationRevenue: d.consultationRevenuePoisha,
    orderRevenue: d.orderRevenuePoisha,
  }));
  const taka = (v: unknown) => formatTaka(Number(v), lang);
  const compactTaka = (v: unknown) => formatTaka(Number(v), lang, { compact: true });
  const count = (v: unknown) => formatCount(Number(v), lang);
  return (
    <div className="dash-charts">
      <figure className="card dash-chart" aria-label={t('dash.bookingsChart')}>
        <figcaption>{t('dash.bookingsChart')}</figcaption>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={16} />
            <YAxis allowDecimals={false} tickFormatter={count} tick={{ fontSize: 11 }} />
            <Tooltip formatter={count} />
            <Legend />
            <Bar isAnimationActive={false} dataKey="consultations" name={t('dash.consultations')} stackId="b" fill="#0f766e" />
            <Bar isAnimationActive={false} dataKey="hospitalVisits" name={t('dash.hospitalVisits')} stackId="b" fill="#f59e0b" />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <figure className="card dash-chart" aria-label={t('dash.revenueChart')}>
        <figcaption>{t('dash.revenueChart')}</figcaption>
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={16} />
            <YAxis tickFormatter={compactTaka} tick={{ fontSize: 11 }} width={56} />
            <Tooltip formatter={taka} />
            <Legend />
            <Line isAnimationActive={false} type="linear" dataKey="consultationRevenue" name={t('dash.consultationRevenue')} stroke="#0f766e" strokeWidth={2} dot={false} />
            <Line isAnimationActive={false} type="linear" dataKey="orderRevenue" name={t('dash.orderRevenue')} stroke="#7c3aed" strokeWidth={2} dot={false} />
          </LineChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
