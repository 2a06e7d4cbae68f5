import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AdminDashboardDocument, AdminDashboardEventsDocument, type AdminDashboardQuery, type DashboardFiguresFragment } from '@/gql/graphql';
import { useLive } from '@/lib/useLive';
import LiveBadge from '@/components/LiveBadge';
import { errorInfo } from '@/lib/errors';
import { formatDateTime } from '@/lib/dates';
import { formatCount, formatTaka } from '@/lib/money';
import { paths } from '@/config/paths';
import '../i18n';
import '../admin.css';

// The chart library is loaded after the figures, so the tiles show at once on a slow line.
const DashboardCharts = lazy(() => import('../components/DashboardCharts'));

type Dashboard = AdminDashboardQuery['adminDashboard'];

function Tile({ to, label, value, sub, tone, testId }: { to: string; label: string; value: ReactNode; sub?: ReactNode; tone?: 'warn'; testId?: string }) {
  return (
    <Link to={to} className={`card dash-tile${tone === 'warn' ? ' dash-tile-warn' : ''}`} data-testid={testId}>
      <span className="dash-tile-label">{label}</span>
      <strong className="dash-tile-value">{value}</strong>
      {sub && <span className="dash-tile-sub">{sub}</span>}
    </Link>
  );
}

function StatusList({ title, rows, to, label }: { title: string; rows: Dashboard['ordersByStatus']; to: (status: string) => string; label: (status: string) => string }) {
  const { i18n } = useTranslation();
  return (
    <section className="card dash-status" aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {rows.map((r) => (
          <li key={r.status}><Link to={to(r.status)}><span>{label(r.status)}</span><strong>{formatCount(r.count, i18n.language)}</strong></Link></li>
        ))}
      </ul>
    </section>
  );
}

/** While live updates cannot reach the browser, the figures are asked for again this often. */
const DASHBOARD_POLL_MS = 30_000;

/**
 * /admin-dashboard: the state of the business, computed by the server when asked, and again (live)
 * as what it counts changes: bookings, payments, orders, refunds, sign-ups, stock.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const { data, loading, error, refetch } = useQuery(AdminDashboardDocument, { fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const client = useApolloClient();
  // The figures have no id of their own: each event's figures are written where the query reads them.
  const live = useLive(AdminDashboardEventsDocument, {
    refetch: () => void refetch(),
    pollMs: DASHBOARD_POLL_MS,
    onEvent: (event) => client.writeQuery({ query: AdminDashboardDocument, data: { adminDashboard: event.dashboard as DashboardFiguresFragment } }),
  });
  const d = data?.adminDashboard;
  const num = (n: number) => formatCount(n, lang);
  const money = (p: number) => formatTaka(p, lang);
  const periods = (p: { week: number; month: number }) => t('dash.weekMonth', { week: num(p.week), month: num(p.month) });

  return (
    <div className="dash">
      <div className="dash-head">
        <div>
          <h1 className="page-title">{t('dash.title')}</h1>
          {d && <span className="dash-updated">{t('dash.updated', { at: formatDateTime(d.generatedAt, lang) })}</span>}
        </div>
        <div className="dash-actions">
          <LiveBadge state={live} pollSeconds={DASHBOARD_POLL_MS / 1000} />
          <Button icon={<ReloadOutlined />} loading={loading && !!d} onClick={() => void refetch()}>{t('dash.refresh')}</Button>
        </div>
      </div>
      {error && <Alert type="error" showIcon message={errorInfo(error).message} action={<Button size="small" onClick={() => void refetch()}>{t('dash.retry')}</Button>} style={{ marginBottom: 16 }} />}
      {!d ? (loading && <Skeleton active paragraph={{ rows: 8 }} />) : (
        <>
          <div className="dash-tiles">
            <Tile to={`${paths.adminAppointments}?kind=Video`} label={t('dash.consultationsToday')} value={num(d.consultations.today)} sub={periods(d.consultations)} testId="tile-consultations" />
            <Tile to={`${paths.adminAppointments}?kind=Hospital`} label={t('dash.visitsToday')} value={num(d.hospitalVisits.today)} sub={periods(d.hospitalVisits)} testId="tile-visits" />
            <Tile to={`${paths.adminAppointments}?kind=Video&paymentStatus=Paid`} label={t('dash.consultationRevenueMonth')} value={money(d.consultationRevenuePoisha.month)}
              sub={t('dash.todayWeek', { today: money(d.consultationRevenuePoisha.today), week: money(d.consultationRevenuePoisha.week) })} testId="tile-consultation-revenue" />
            <Tile to={`${paths.adminOrders}?paymentStatus=Paid`} label={t('dash.orderRevenueMonth')} value={money(d.orderRevenuePoisha.month)}
              sub={t('dash.todayWeek', { today: money(d.orderRevenuePoisha.today), week: money(d.orderRevenuePoisha.week) })} testId="tile-order-revenue" />
            <Tile to={paths.adminPendingDoctors} label={t('dash.pendingDoctors')} value={num(d.pendingDoctors)} tone={d.pendingDoctors > 0 ? 'warn' : undefined} sub={t('dash.pendingHint')} testId="tile-pending-doctors" />
            <Tile to={`${paths.adminUsers}?role=User&sort=newest`} label={t('dash.newPatientsMonth')} value={num(d.newPatients.month)} sub={t('dash.todayWeek', { today: num(d.newPatients.today), week: num(d.newPatients.week) })} testId="tile-new-patients" />
            <Tile to={`${paths.adminAllDoctors}`} label={t('dash.newDoctorsMonth')} value={num(d.newDoctors.month)} sub={t('dash.todayWeek', { today: num(d.newDoctors.today), week: num(d.newDoctors.week) })} testId="tile-new-doctors" />
            <Tile to={`${paths.adminInbox}?tab=blood`} label={t('dash.bloodWaiting')} value={num(d.waitingBloodRequests)} tone={d.waitingBloodRequests > 0 ? 'warn' : undefined} sub={t('dash.bloodHint')} testId="tile-blood" />
            <Tile to={`${paths.adminMedicines}?lowStock=1`} label={t('dash.lowStock')} value={num(d.lowStockMedicines)} tone={d.lowStockMedicines > 0 ? 'warn' : undefined}
              sub={t('dash.lowStockHint', { n: num(d.lowStockThreshold) })} testId="tile-low-stock" />
          </div>
          <div className="dash-statuses">
            <StatusList title={t('dash.ordersByStatus')} rows={d.ordersByStatus} to={(s) => `${paths.adminOrders}?status=${s}`} label={(s) => t(`dash.orderStatus.${s}`)} />
            <StatusList title={t('dash.hiresByStatus')} rows={d.hiresByStatus} to={(s) => `${paths.adminHiredNurses}?status=${s}`} label={(s) => t(`dash.hireStatus.${s}`)} />
          </div>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <DashboardCharts daily={d.daily} />
          </Suspense>
        </>
      )}
    </div>
  );
}
