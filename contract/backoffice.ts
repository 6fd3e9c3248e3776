/**
 * The back office's roles and what each may do: one matrix, written once. The server enforces it
 * on every back-office endpoint (each declares the permission it needs), the interface hides what
 * a role cannot do, and docs/backoffice.md shows it (a test keeps the doc's table equal to this).
 */

export const STAFF_ROLES = ['owner', 'manager', 'finance', 'compliance', 'support', 'marketing', 'trader', 'analyst'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Every permission with the one line the docs and the staff screen show for it. */
export const PERMISSIONS = {
  'staff.read': 'See staff members and their roles',
  'staff.manage': 'Invite staff, change roles, disable members (ends their sessions)',
  'audit.read': 'Read the audit trail',
  'players.read': 'Search players and open the player page',
  'players.notes': 'Add notes and tags to a player',
  'players.sessions': "End a player's sessions",
  'players.block': 'Ban, unban or close an account',
  'players.kyc-block': 'Require identity verification before withdrawals',
  'players.test-account': 'Mark a player as a test account (left out of reports)',
  'players.adjust': 'Request a manual balance adjustment',
  'players.adjust-approve': "Approve another member's balance adjustment",
  'players.bonus': 'Grant a bonus or a free-spin pack from a campaign',
  'withdrawals.read': 'See the withdrawal queue',
  'withdrawals.decide': 'Approve or decline withdrawals',
  'deposits.read': 'See deposits',
  'deposits.settle': 'Settle a pending deposit, refund one',
  'ledger.read': 'See house accounts and the reconciliation',
  'ledger.verify': 'Run the ledger check',
  'verification.read': 'See identity verification cases and documents',
  'verification.decide': 'Approve or reject identity verification',
  'rg.read': 'See responsible-gaming limits and exclusions',
  'rg.restrict': 'Add a stricter limit or an operator exclusion (never loosen one)',
  'risk.read': 'See risk alerts, compliance cases and the risk rules',
  'risk.manage': 'Work compliance cases: assign, note, hold withdrawals, close with an outcome',
  'risk.rules': 'Turn risk rules on or off and change their thresholds',
  'support.chat': 'Answer the live chat and read contact-form messages',
  'marketing.read': 'See campaigns, promo codes and their uses, bonuses given, cashback runs, loyalty and tournaments',
  'marketing.manage': 'Create and publish campaigns, create and disable promo codes, run cashback, change loyalty and tournaments, end a tournament now',
  'settings.read': 'See site settings and the site configuration',
  'settings.write': 'Change site settings, the maintenance switch and the site configuration',
  'trading.read': 'See sportsbook events, markets, liability and bets',
  'trading.manage': "Change a market's odds, margin and status, settle, void and re-settle, set a player's stake limits",
  'games.read': 'See the games catalogue, providers, jackpot pools and free-spin packs',
  'games.manage': 'Enable or disable games and providers, set badges, categories, order and countries, jackpot seeds and shares, free-spin packs',
  'content.read': 'See content pages, SEO texts and records, their versions and images',
  'content.manage': 'Edit, publish, unpublish and roll back content; upload images',
  'affiliates.read': 'See affiliates, their links and postbacks, and the monthly affiliate report',
  'affiliates.manage': 'Create and change affiliates and their deals, create and disable their links, renew postback secrets',
  'reports.read': 'See the business report (GGR, NGR, deposits, withdrawals, players) and export it',
} as const;
export type Permission = keyof typeof PERMISSIONS;

const READ_ONLY: Permission[] = ['players.read', 'withdrawals.read', 'deposits.read', 'ledger.read', 'rg.read', 'audit.read'];

/** The matrix: what each role may do. The owner may do everything. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: Object.keys(PERMISSIONS) as Permission[],
  manager: (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => permission !== 'staff.manage'),
  finance: [...READ_ONLY, 'risk.read', 'reports.read', 'players.notes', 'players.adjust', 'players.adjust-approve', 'withdrawals.decide', 'deposits.settle', 'ledger.verify'],
  compliance: [
    ...READ_ONLY,
    'players.notes',
    'players.sessions',
    'players.block',
    'players.kyc-block',
    'verification.read',
    'verification.decide',
    'rg.restrict',
    'trading.read',
    'risk.read',
    'risk.manage',
    'risk.rules',
  ],
  support: ['players.read', 'players.notes', 'players.sessions', 'verification.read', 'rg.read', 'support.chat', 'games.read', 'content.read'],
  marketing: ['players.read', 'players.notes', 'players.bonus', 'marketing.read', 'marketing.manage', 'games.read', 'content.read', 'content.manage', 'affiliates.read', 'affiliates.manage', 'reports.read'],
  trader: ['players.read', 'players.notes', 'trading.read', 'trading.manage'],
  analyst: [...READ_ONLY, 'risk.read', 'settings.read', 'marketing.read', 'trading.read', 'games.read', 'content.read', 'affiliates.read', 'reports.read'],
};

export const roleCan = (role: StaffRole, permission: Permission): boolean => ROLE_PERMISSIONS[role].includes(permission);

/** The signed-in member as the back office's interface sees them. */
export type StaffMe = {
  id: number;
  email: string;
  display_name: string;
  role: StaffRole;
  permissions: Permission[];
};

/** A staff member in the staff list. */
export type StaffMemberView = {
  id: number;
  email: string;
  display_name: string;
  role: StaffRole;
  status: 'invited' | 'active' | 'disabled';
  created_at: string;
  last_sign_in_at: string | null;
};

/** An audit row as the audit screen shows it. */
export type AuditEntryView = {
  id: number;
  at: string;
  actor: string;
  actor_role: string | null;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
  details: unknown;
  ip: string | null;
  request_id: string | null;
};

export { BACKOFFICE_API, BACKOFFICE_LIVE_PATH, BACKOFFICE_PATH, isBackofficePath } from './backoffice-path.ts';

/** The topic a permission's events go to on the back office's live stream (only members whose role has it receive them). */
export const staffTopic = (permission: Permission) => `staff:${permission}`;
