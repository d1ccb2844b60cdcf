/** Every domain service of studio, built over the stores. */
import { ClientService } from './client.service.js';
import { DashboardService } from './dashboard.service.js';
import type { ServiceDeps } from './deps.js';
import { InvoiceService } from './invoice.service.js';
import { OrderService } from './order.service.js';
import { ProfileService } from './profile.service.js';
import { ShootService } from './shoot.service.js';
import { TaskService } from './task.service.js';
import { TokenService } from './token.service.js';
import { WorkspaceService } from './workspace.service.js';

export interface Services {
  profiles: ProfileService;
  tokens: TokenService;
  workspaces: WorkspaceService;
  shoots: ShootService;
  clients: ClientService;
  orders: OrderService;
  invoices: InvoiceService;
  tasks: TaskService;
  dashboard: DashboardService;
}

export function createServices(deps: ServiceDeps): Services {
  return {
    profiles: new ProfileService(deps),
    tokens: new TokenService(deps),
    workspaces: new WorkspaceService(deps),
    shoots: new ShootService(deps),
    clients: new ClientService(deps),
    orders: new OrderService(deps),
    invoices: new InvoiceService(deps),
    tasks: new TaskService(deps),
    dashboard: new DashboardService(deps),
  };
}
