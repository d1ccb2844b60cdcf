/** Every domain service of studio, built over the stores. */
import { AccountService, type AccountDeps } from './account.service.js';
import { BookingService } from './booking.service.js';
import { ClientService } from './client.service.js';
import { ContractService } from './contract.service.js';
import { DashboardService } from './dashboard.service.js';
import type { ServiceDeps } from './deps.js';
import { IndexSourceService } from './index-source.service.js';
import { InvoiceService } from './invoice.service.js';
import { LeadService } from './lead.service.js';
import { OrderService } from './order.service.js';
import { ProfileService } from './profile.service.js';
import { ProposalService } from './proposal.service.js';
import { ReviewService } from './review.service.js';
import { ShootService } from './shoot.service.js';
import { ShotListService } from './shot-list.service.js';
import { TaskService } from './task.service.js';
import { TokenService } from './token.service.js';
import { WorkspaceService } from './workspace.service.js';

export interface Services {
  profiles: ProfileService;
  /** Sign-in, console sessions and one-time links (the account console). */
  accounts: AccountService;
  tokens: TokenService;
  workspaces: WorkspaceService;
  shoots: ShootService;
  shotLists: ShotListService;
  clients: ClientService;
  leads: LeadService;
  bookings: BookingService;
  proposals: ProposalService;
  contracts: ContractService;
  orders: OrderService;
  invoices: InvoiceService;
  reviews: ReviewService;
  tasks: TaskService;
  dashboard: DashboardService;
  indexSource: IndexSourceService;
}

export function createServices(deps: ServiceDeps, accounts: AccountDeps): Services {
  return {
    profiles: new ProfileService(deps),
    accounts: new AccountService(deps, accounts),
    tokens: new TokenService(deps),
    workspaces: new WorkspaceService(deps),
    shoots: new ShootService(deps),
    shotLists: new ShotListService(deps),
    clients: new ClientService(deps),
    leads: new LeadService(deps),
    bookings: new BookingService(deps),
    proposals: new ProposalService(deps),
    contracts: new ContractService(deps),
    orders: new OrderService(deps),
    invoices: new InvoiceService(deps),
    reviews: new ReviewService(deps),
    tasks: new TaskService(deps),
    dashboard: new DashboardService(deps),
    indexSource: new IndexSourceService(deps),
  };
}
