import { HttpStatus, Injectable, OnModuleInit, Inject } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { ApiError, conflict } from '../../common/http/errors';
import { RecordCleanupRegistry } from '../settings/record-cleanup.registry';
import { freeUsername } from '../users/accounts';
import { hashPassword } from '../users/password';
import { assertPasswordNotPersonal } from '../users/password-rule';
import { endSessionsOfUser } from '../users/sessions';
import { User } from '../users/user.entity';
import { AuthService, type Session } from './auth.service';
import type { AcceptInvitationDto, InvitationDto } from './dto/invitation.dto';
import type { InvitationState } from './invitation.entity';
import { MailService, escapeHtml, type OutgoingMail } from './mail.service';
import { SignInAudit } from './sign-in-audit';

export const INVITATION_TTL_DAYS = 7;
export const INVITATION_INVALID = 'This invitation link is invalid. Ask your company to send you a new one.';
export const INVITATION_EXPIRED = 'This invitation has expired. Ask your company to send you a new one.';
export const INVITATION_USED = 'This invitation has already been used. Sign in with your email and password.';
export const INVITATION_REVOKED = 'This invitation was withdrawn. Ask your company to send you a new one.';
/** To the person accepting: the address has an account that cannot join the company (it has a company of its own, or is a platform account). */
export const INVITATION_EMAIL_TAKEN =
  'This e-mail address already has an HR Platform account that belongs to another company, so the invitation cannot create a second one. ' +
  'Ask your company to invite a different address.';
/** Invitations a company may send in INVITATION_WINDOW_HOURS (each resend counts). */
export const INVITATIONS_PER_WINDOW = 1000;
export const INVITATION_WINDOW_HOURS = 24;
export const INVITATION_RATE_LIMITED = `Your company has sent ${INVITATIONS_PER_WINDOW} invitations in the last ${INVITATION_WINDOW_HOURS} hours, the most allowed. Please try again later.`;
export const INVITATION_HAS_LOGIN = 'This employee can already sign in';
export const INVITATION_NONE_PENDING = 'This employee has no pending invitation';
export const INVITATION_TERMINATED = 'A terminated employee cannot be invited';

const DAY_MS = 86_400_000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The state of an invitation row i at the instant `now` (an SQL expression or a bound parameter). */
export const invitationStateSql = (i: string, now: string) =>
  `case when ${i}.accepted_at is not null then 'accepted' when ${i}.revoked_at is not null then 'revoked'
        when ${i}.expires_at <= ${now} then 'expired' else 'pending' end`;

export interface InvitationSummary {
  invitation_status: InvitationState;
  invitation_sent_at: Date;
  invitation_expires_at: Date;
  /** the name of the user who sent it (null once that account is gone) */
  invited_by: string | null;
  invited_at: Date;
}

/** The name an inviting user is shown by: their name, or their username without one. */
export const inviterNameSql = (u: string) =>
  `nullif(trim(coalesce(${u}.first_name, '') || ' ' || coalesce(${u}.last_name, '')), '')`;

export interface InvitationTarget {
  companyId: number;
  companyName: string;
  employeeId: number;
  email: string;
  firstName: string;
  invitedBy: number | null;
}

interface InvitationRow {
  id: number;
  company_id: number;
  employee_id: number;
  email: string;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
  first_name: string;
  last_name: string;
  employment_status: string;
  company_name: string;
}

/**
 * Invitations: an employee chooses their own password through a single-use e-mailed link
 * (valid INVITATION_TTL_DAYS, only its SHA-256 stored, as password-reset links), which creates
 * their sign-in (role employee) or attaches the self-registered client account of that e-mail.
 * Times are read from the application's clock, so a link's age does not depend on the database's.
 */
@Injectable()
export class InvitationsService implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly auth: AuthService,
    private readonly mail: MailService,
    private readonly audit: SignInAudit,
    private readonly cleanup: RecordCleanupRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.cleanup.register({
      name: 'used, revoked and expired invitations older than 90 days',
      clean: async ({ em }) => {
        const rows = await em.execute<Array<{ id: number }>>(
          `delete from employee_invitations where coalesce(accepted_at, revoked_at, expires_at) < now() - interval '90 days' returning id`,
        );
        return rows.length;
      },
    });
  }

  /**
   * Revokes the employee's pending link and stores a new one, in the caller's transaction;
   * answers the mail to send once that transaction has committed.
   */
  async issue(em: EntityManager, target: InvitationTarget): Promise<OutgoingMail> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await this.assertWithinRate(em, target.companyId, now);
    const expires = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
    await this.revokePending(em, target.employeeId, now);
    await em.execute(
      `insert into employee_invitations (company_id, employee_id, email, token_hash, sent_at, expires_at, invited_by_id, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [target.companyId, target.employeeId, target.email.toLowerCase(), sha256(token), now, expires, target.invitedBy, now, now],
    );
    return this.mailFor(target, token, expires);
  }

  /**
   * 429 once the company has sent INVITATIONS_PER_WINDOW invitations within the window: each
   * invitation mails an address of the sender's choosing.
   */
  private async assertWithinRate(em: EntityManager, companyId: number, now: Date): Promise<void> {
    const [row] = await em.execute<Array<{ n: number | string }>>(
      'select count(*)::int as n from employee_invitations where company_id = ? and sent_at > ?',
      [companyId, new Date(now.getTime() - INVITATION_WINDOW_HOURS * 3_600_000)],
    );
    if (Number(row.n) >= INVITATIONS_PER_WINDOW) throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, INVITATION_RATE_LIMITED);
  }

  /** Revokes the employee's pending link; answers whether there was one. */
  async revokePending(em: EntityManager, employeeId: number, now = new Date()): Promise<boolean> {
    const rows = await em.execute<Array<{ id: number }>>(
      `update employee_invitations set revoked_at = ?, updated_at = ?
        where employee_id = ? and accepted_at is null and revoked_at is null and expires_at > ?
       returning id`,
      [now, now, employeeId, now],
    );
    return rows.length > 0;
  }

  send(mails: OutgoingMail[]): void {
    for (const mail of mails) this.mail.sendInBackground(mail);
  }

  /** The newest invitation of each employee, with its state now. */
  async summaries(em: EntityManager, employeeIds: number[]): Promise<Map<number, InvitationSummary>> {
    if (!employeeIds.length) return new Map();
    const rows = await em.execute<Array<Omit<InvitationSummary, 'invited_at'> & { employee_id: number }>>(
      `select distinct on (i.employee_id) i.employee_id, ${invitationStateSql('i', '?::timestamptz')} as invitation_status,
              i.sent_at as invitation_sent_at, i.expires_at as invitation_expires_at,
              coalesce(${inviterNameSql('u')}, u.username) as invited_by
         from employee_invitations i
         left join users u on u.id = i.invited_by_id
        where i.employee_id = any(?::int[])
        order by i.employee_id, i.id desc`,
      [new Date(), `{${employeeIds.map(Number).join(',')}}`],
    );
    return new Map(
      rows.map((r) => [
        Number(r.employee_id),
        {
          invitation_status: r.invitation_status,
          invitation_sent_at: new Date(r.invitation_sent_at),
          invitation_expires_at: new Date(r.invitation_expires_at),
          invited_by: r.invited_by ?? null,
          invited_at: new Date(r.invitation_sent_at),
        },
      ]),
    );
  }

  /** Who is invited to which company; 404 for an unknown link, 410 for one used, revoked or expired. */
  async lookup(token: string): Promise<InvitationDto> {
    const row = await this.find(this.em, token, false);
    // only the person holding the link (the address's owner) learns this
    const [account] = await this.em.execute<Array<{ id: number }>>(
      `select id from users where email = ? and role = 'client' and company_id is null and employee_id is null`,
      [row.email],
    );
    return {
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      company_name: row.company_name,
      expires_at: new Date(row.expires_at),
      existing_account: !!account,
    };
  }

  /**
   * Uses the link once (its row is locked, so two concurrent acceptances cannot both succeed):
   * creates the employee's sign-in with the chosen password, or attaches the client account of
   * that e-mail to the company as the employee (its password becomes the chosen one and its
   * other sessions end), and answers a session as sign-in does.
   */
  async accept(dto: AcceptInvitationDto, ip: string): Promise<Session> {
    const passwordHash = await hashPassword(dto.password);
    const userId = await this.em.transactional(async (txEm) => {
      const tx = txEm as EntityManager;
      const row = await this.find(tx, dto.token, true);
      assertPasswordNotPersonal(
        dto.password,
        { email: row.email, first_name: row.first_name, last_name: row.last_name, company_name: row.company_name },
        'password',
      );
      const [linked] = await tx.execute<Array<{ id: number }>>('select id from users where employee_id = ?', [row.employee_id]);
      if (linked) throw conflict(INVITATION_HAS_LOGIN);
      const [existing] = await tx.execute<Array<{ id: number; role: string; company_id: number | null; employee_id: number | null }>>(
        'select id, role, company_id, employee_id from users where email = ? for update',
        [row.email],
      );
      let id: number;
      if (existing) {
        // the address's account belongs elsewhere: told to the person accepting (who owns the mailbox), nothing is written
        if (existing.role !== 'client' || existing.company_id !== null || existing.employee_id !== null) throw conflict(INVITATION_EMAIL_TAKEN);
        // a client account without a company joins it; the link proved the address, so it is verified
        id = Number(existing.id);
        await tx.execute(
          `update users set role = 'employee', company_id = ?, employee_id = ?, password_hash = ?, is_active = true,
                  first_name = coalesce(first_name, ?), last_name = coalesce(last_name, ?), updated_at = now(),
                  email_verified_at = coalesce(email_verified_at, now()), email_verification_hash = null, email_verification_sent_at = null
            where id = ?`,
          [row.company_id, row.employee_id, passwordHash, row.first_name, row.last_name, id],
        );
        await endSessionsOfUser(tx, id);
      } else {
        const [created] = await tx.execute<Array<{ id: number }>>(
          `insert into users (username, email, password_hash, role, first_name, last_name, company_id, employee_id, is_active, created_at, updated_at)
           values (?, ?, ?, 'employee', ?, ?, ?, ?, true, now(), now()) returning id`,
          [await freeUsername(tx, row.email.split('@')[0] || 'employee'), row.email, passwordHash, row.first_name, row.last_name, row.company_id, row.employee_id],
        );
        id = Number(created.id);
      }
      const now = new Date();
      await tx.execute('update employee_invitations set accepted_at = ?, updated_at = ? where id = ?', [now, now, row.id]);
      await tx.execute('update users set last_login_at = ? where id = ?', [now, id]);
      await this.audit.record({
        action: 'sign_in',
        userId: id,
        email: row.email,
        path: '/api/auth/invitations/accept',
        statusCode: 200,
        ip,
        details: { via: 'invitation', employee_id: row.employee_id, attached_client: !!existing },
      });
      return id;
    });
    const user = await this.em.fork().findOneOrFail(User, { id: userId }, { populate: ['company', 'employee'], filters: false });
    return this.auth.startSession(user);
  }

  /** The invitation of a token, in a state that can still be used (locked for update when asked). */
  private async find(em: EntityManager, token: string, lock: boolean): Promise<InvitationRow> {
    const [row] = await em.execute<InvitationRow[]>(
      `select i.id, i.company_id, i.employee_id, i.email, i.expires_at, i.accepted_at, i.revoked_at,
              e.first_name, e.last_name, e.employment_status, c.company_name
         from employee_invitations i
         join employees e on e.id = i.employee_id
         join companies c on c.id = i.company_id
        where i.token_hash = ?${lock ? ' for update of i' : ''}`,
      [sha256(token)],
    );
    if (!row) throw new ApiError(HttpStatus.NOT_FOUND, INVITATION_INVALID);
    if (row.accepted_at) throw new ApiError(HttpStatus.GONE, INVITATION_USED);
    if (row.revoked_at || row.employment_status === 'terminated') throw new ApiError(HttpStatus.GONE, INVITATION_REVOKED);
    if (new Date(row.expires_at).getTime() <= Date.now()) throw new ApiError(HttpStatus.GONE, INVITATION_EXPIRED);
    return row;
  }

  private mailFor(target: InvitationTarget, token: string, expires: Date): OutgoingMail {
    const link = `${this.config.appUrl}/accept-invitation?token=${token}`;
    const until = expires.toISOString().slice(0, 10);
    const company = target.companyName;
    return {
      to: target.email.toLowerCase(),
      subject: `${company} invites you to HR Platform`,
      text:
        `Hello ${target.firstName},\n\n` +
        `${company} invites you to sign in to HR Platform, where you check in, request leave and see your payslips.\n` +
        `Open this link within ${INVITATION_TTL_DAYS} days (until ${until}) to choose your password:\n\n${link}\n\n` +
        `The link works once. If you registered an HR Platform account with this e-mail yourself, accepting attaches it to ${company}.\n` +
        `If you did not expect this invitation, you can ignore this message.\n`,
      html:
        `<p>Hello ${escapeHtml(target.firstName)},</p>` +
        `<p>${escapeHtml(company)} invites you to sign in to HR Platform, where you check in, request leave and see your payslips. ` +
        `Open this link within ${INVITATION_TTL_DAYS} days (until ${until}) to choose your password:</p>` +
        `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>` +
        `<p>The link works once. If you registered an HR Platform account with this e-mail yourself, accepting attaches it to ${escapeHtml(company)}.</p>` +
        `<p>If you did not expect this invitation, you can ignore this message.</p>`,
    };
  }
}
