/**
 * The mobile home screen in one read: upcoming planned shoots (soonest first), open tasks (soonest due first),
 * recently paid orders, and counts, across the workspaces asked for.
 */
import { RecordService } from './record-service.js';
import { serializeOrder, serializeShoot, serializeTask } from '@studio/contracts/records';

export const DASHBOARD_LIMITS = { upcomingShoots: 5, openTasks: 10, recentOrders: 5 } as const;
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

export class DashboardService extends RecordService {
  async get(workspaceIds: string[]) {
    const { stores } = this.deps;
    const now = this.now();
    const since = new Date(now.getTime() - THIRTY_DAYS_MS);
    const [shoots, tasks, orders, upcomingCount, openTasksCount, clientsCount, paidOrders30d] = await Promise.all([
      stores.shoots.listUpcomingInWorkspaces(workspaceIds, now, DASHBOARD_LIMITS.upcomingShoots),
      stores.tasks.listOpenInWorkspaces(workspaceIds, DASHBOARD_LIMITS.openTasks),
      stores.orders.listRecentlyPaidInWorkspaces(workspaceIds, DASHBOARD_LIMITS.recentOrders),
      stores.shoots.countUpcomingInWorkspaces(workspaceIds, now),
      stores.tasks.countOpenInWorkspaces(workspaceIds),
      stores.clients.countInWorkspaces(workspaceIds),
      stores.orders.countPaidSinceInWorkspaces(workspaceIds, since),
    ]);
    const counts = await stores.shoots.shotListCounts(
      shoots.map((s) => s.id),
      workspaceIds,
    );
    return {
      upcoming_shoots: shoots.map((s) => serializeShoot(s, counts.get(s.id) ?? { total: 0, done: 0 })),
      open_tasks: tasks.map(serializeTask),
      recent_orders: orders.map(serializeOrder),
      counts: {
        upcoming_shoots: upcomingCount,
        open_tasks: openTasksCount,
        clients: clientsCount,
        paid_orders_30d: paidOrders30d,
      },
      generated_at: now.toISOString(),
    };
  }
}
