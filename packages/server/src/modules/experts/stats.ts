import { ExpertStatus, type TExpertStatistics } from '@shetuan/shared/experts';
import type { Tx } from '../../platform/db';
import { regionFullName } from '../../platform/region';
import * as repo from './repository';

/** /expertStatistics: the library's figures, each a single grouped query. */
export async function expertStatistics(tx: Tx, tenantId: number, now = new Date()): Promise<TExpertStatistics> {
  const statuses = await repo.statusCounts(tx, tenantId);
  const of = (s: number) => statuses.find((r) => r.status === s)?.n ?? 0;

  const domains = await repo.allDomains(tx, tenantId);
  const counts = await repo.domainExpertCounts(tx, tenantId);
  const byDomain = domains
    .filter((d) => d.parentId === null)
    .map((d) => ({ name: d.name, value: counts.get(d.id) ?? 0 }))
    .sort((a, b) => b.value - a.value);

  const labelCounts = await repo.activeLabelCounts(tx, tenantId);
  const byLabel = (await repo.allLabels(tx, tenantId))
    .map((l) => ({ name: l.name, value: labelCounts.get(l.id) ?? 0 }))
    .sort((a, b) => b.value - a.value);

  const named = (rows: { key: string; n: number }[], name: (k: string) => string) =>
    rows.map((r) => ({ name: name(r.key), value: r.n }));
  const byTitle = named(await repo.activeGroupedBy(tx, tenantId, 'title'), (k) => k || '未填写');
  const byGender = named(await repo.activeGroupedBy(tx, tenantId, 'gender'), (k) => k || '未填写');
  const byRegion = named(await repo.activeGroupedBy(tx, tenantId, 'city'), (k) =>
    k ? regionFullName(`${k}00`) || regionFullName(`${k.slice(0, 2)}0000`) || k : '未填写',
  );

  // The last 12 months, oldest first, months without an expert included.
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const perMonth = new Map((await repo.approvedPerMonth(tx, tenantId, start)).map((r) => [r.month, r.n]));
  const monthly = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1));
    const key = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    return { name: key, value: perMonth.get(key) ?? 0 };
  });

  const draws = await repo.pickTotals(tx, tenantId);
  return {
    total: statuses.reduce((n, r) => n + r.n, 0),
    active: of(ExpertStatus.ACTIVE),
    pending: of(ExpertStatus.PENDING),
    disabled: of(ExpertStatus.DISABLED),
    changesPending: statuses.find((r) => r.status === ExpertStatus.ACTIVE)?.changes ?? 0,
    byDomain,
    byLabel,
    byTitle,
    byRegion,
    byGender,
    monthly,
    draws: { count: draws.draws, invited: draws.invited, confirmed: draws.confirmed, declined: draws.declined },
  };
}
