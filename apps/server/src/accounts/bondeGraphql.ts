import {
  LOCALES,
  type Locale,
  loginSchema,
  recoverPasswordSchema,
  registerSchema,
  resetPasswordSchema,
} from '@mutirao/core';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  issueSessionToken,
  registerUser,
  requestPasswordReset,
  resetPassword,
  signInWithPassword,
} from '../auth/service';
import { hashOpaqueToken } from '../auth/tokens';
import { acceptInvitation, describeInvitation, STATUS_MESSAGES } from '../communities/team/invitations';
import { adminBaseUrl } from '../config';
import type { AppContext } from '../context';
import { passwordResets, users } from '../db/schema';
import type { SignedOutContext } from '../graphql/context';
import { domainErrors } from '../graphql/errors';
import type { GraphQLModule } from '../graphql/policy';
import { AppError, type FieldErrors } from '../http/errors';
import { parseInput } from '../http/validate';

/*
 * Bonde's accounts-client (sign-in, invitation sign-up, password reset) spoke to an accounts service that Hasura
 * stitched in as a remote schema. The same root fields, arguments and types here run our own accounts: the sessions
 * of `auth/`, the registration and password reset of `/api/auth/*` with their validation and messages, and the
 * invitations of the community's team. These fields are the only ones a signed-out caller reaches (`signedOut`).
 */

/** Field errors of our schemas, renamed to the argument names the caller used. */
function renamed<T>(fn: () => T, names: Record<string, string>): T {
  try {
    return fn();
  } catch (error) {
    if (!(error instanceof AppError) || !error.fields) throw error;
    const fields: FieldErrors = {};
    for (const [field, messages] of Object.entries(error.fields)) fields[names[field] ?? field] = messages;
    throw new AppError(error.code, fields, error.message, error.reason);
  }
}

const ipOf = (gctx: SignedOutContext) => gctx.ip ?? 'unknown';

/** An invitation code that still works for this address, else an error on `code` saying why not. */
async function openInvitation(app: AppContext, code: string, email: string) {
  let invitation: Awaited<ReturnType<typeof describeInvitation>>;
  try {
    invitation = await describeInvitation(app.db, code);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found')
      throw new AppError('unprocessable', { code: ['team.invitationNotFound'] });
    throw error;
  }
  if (invitation.status !== 'pending')
    throw new AppError('unprocessable', { code: [STATUS_MESSAGES[invitation.status]] });
  if (invitation.email !== email.trim().toLowerCase())
    throw new AppError('unprocessable', { code: ['team.invitationNotFound'] });
  return invitation;
}

/** An unused, unexpired recovery link, else an error on `token` (the message the REST reset gives). */
async function liveReset(app: AppContext, token: string) {
  const [row] = token
    ? await app.db
        .select()
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.tokenHash, hashOpaqueToken(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, new Date()),
          ),
        )
        .limit(1)
    : [];
  if (!row) throw new AppError('unprocessable', { token: ['errors.resetLinkInvalid'] });
  return row;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

async function authenticate(gctx: SignedOutContext, args: { email?: string | null; password?: string | null }) {
  const input = parseInput(loginSchema, { email: args.email ?? '', password: args.password ?? '' }, 'unprocessable');
  const user = await signInWithPassword(gctx.app, input, ipOf(gctx));
  const { token } = await issueSessionToken(gctx.app, user.id);
  return { valid: true, token, first_name: user.firstName };
}

interface BondeRegisterInput {
  email: string;
  first_name: string;
  last_name?: string | null;
  password: string;
  code: string;
}

/**
 * Creates the account as `POST /api/auth/sign_up` does (same validation and messages; `first_name` is our `name`),
 * then accepts the invitation the code names, all or nothing. A blank code is a sign-up with no invitation, as ours
 * allows; a code that does not work for this address is refused on `code` and no account is made.
 */
async function register(gctx: SignedOutContext, input: BondeRegisterInput | null | undefined) {
  const given = input ?? ({} as Partial<BondeRegisterInput>);
  const parsed = renamed(
    () =>
      parseInput(
        registerSchema,
        {
          name: given.first_name ?? '',
          email: given.email ?? '',
          password: given.password ?? '',
          password_confirmation: given.password ?? '',
        },
        'unprocessable',
      ),
    { name: 'first_name' },
  );
  const lastName = given.last_name?.trim() || null;
  const code = given.code?.trim() ?? '';
  const user = await gctx.app.db.transaction(async (tx) => {
    const app = { ...gctx.app, db: tx };
    if (code) await openInvitation(app, code, parsed.email);
    const created = await registerUser(app, parsed, gctx.locale);
    if (lastName) await tx.update(users).set({ lastName }).where(eq(users.id, created.id));
    if (code) await acceptInvitation(tx, created, code);
    return created;
  });
  const { token } = await issueSessionToken(gctx.app, user.id);
  return { valid: true, token, first_name: user.firstName };
}

/**
 * Checks an invitation link. With no account for the address, the client goes on to `register` (`is_new_user`);
 * with one, the code (which only reached that mailbox) adds that account to the community, as Bonde did, and the
 * client sends the person to sign in.
 */
async function registerVerify(gctx: SignedOutContext, args: { email?: string | null; code?: string | null }) {
  const email = (args.email ?? '').trim().toLowerCase();
  const code = (args.code ?? '').trim();
  const invitation = await openInvitation(gctx.app, code, email);
  if (!invitation.account_exists) return { email, code, is_new_user: true, isNewUser: true };
  await gctx.app.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    if (account) await acceptInvitation(tx, account, code);
  });
  return { email, code, is_new_user: false, isNewUser: false };
}

/**
 * The recovery e-mail of `POST /api/auth/password`: same limits, same silence about who has an account. The link is
 * always built from APP_URL (`/reset-password?token=`); `callback_url` is ignored, so no caller can make our mail
 * point elsewhere. `locale` picks the mail's language when it is one of ours.
 */
async function resetPasswordRequest(gctx: SignedOutContext, args: { email?: string | null; locale?: string | null }) {
  const input = parseInput(recoverPasswordSchema, { email: args.email ?? '' }, 'unprocessable');
  const asked = LOCALES.find((l) => l.toLowerCase() === args.locale?.toLowerCase());
  const locale: Locale = asked ?? gctx.locale;
  await requestPasswordReset(gctx.app, input, { appUrl: adminBaseUrl(gctx.app.config), locale, ip: ipOf(gctx) });
  return null;
}

async function resetPasswordVerify(gctx: SignedOutContext, args: { token?: string | null }) {
  const row = await liveReset(gctx.app, args.token ?? '');
  return { id: row.userId, expired_at: seconds(row.expiresAt), iat: seconds(row.createdAt) };
}

/**
 * The reset of `PUT /api/auth/password`: the link is spent with every other one, and every session ends. As there,
 * the person then signs in: the answer is `valid` with the first name and no token.
 */
async function resetPasswordChange(gctx: SignedOutContext, args: { token?: string | null; password?: string | null }) {
  const password = args.password ?? '';
  const input = parseInput(
    resetPasswordSchema,
    { token: args.token ?? '', password, password_confirmation: password },
    'unprocessable',
  );
  const user = await resetPassword(gctx.app, input);
  return { valid: true, token: null, first_name: user?.firstName ?? null };
}

const run =
  <A>(fn: (gctx: SignedOutContext, args: A) => unknown) =>
  (args: A, gctx: SignedOutContext) =>
    domainErrors(gctx.locale, () => fn(gctx, args));

export const bondeAccountsGraphQL: GraphQLModule = {
  sdl: /* GraphQL */ `
    "A sign-in's answer (Bonde's accounts API): the session token, used as 'Authorization: Bearer'."
    type JWT { valid: Boolean! token: String first_name: String }
    "A live password-reset link: the user's id, when the link expires and when it was made (epoch seconds)."
    type DecodedJWT { id: Int expired_at: Int iat: Int }
    "An invitation link checked: is_new_user (and isNewUser) says whether the address still needs an account."
    type Register { email: String! code: String! is_new_user: Boolean! isNewUser: Boolean! }
    input RegisterInput { email: String! first_name: String! last_name: String password: String! code: String! }
    "No value (always null)."
    scalar Void
    extend type query_root {
      register_verify(email: String, code: String): Register
      reset_password_verify(token: String): DecodedJWT
    }
    extend type mutation_root {
      authenticate(email: String, password: String): JWT
      register(input: RegisterInput): JWT
      register_verify(email: String, code: String): Register
      reset_password_change(token: String, password: String): JWT
      reset_password_request(email: String, locale: String, callback_url: String): Void
    }
  `,
  resolvers: {
    authenticate: run(authenticate),
    register: run((gctx, args: { input?: BondeRegisterInput | null }) => register(gctx, args.input)),
    register_verify: run(registerVerify),
    reset_password_request: run(resetPasswordRequest),
    reset_password_verify: run(resetPasswordVerify),
    reset_password_change: run(resetPasswordChange),
  },
  signedOut: [
    'authenticate',
    'register',
    'register_verify',
    'reset_password_request',
    'reset_password_verify',
    'reset_password_change',
  ],
};
