import "server-only";
import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { db } from "@/lib/db";
import { attemptSignIn } from "./credentials";
import { clientIp } from "./login-log";
import { revokeSession, SESSION_MAX_AGE_SECONDS, setSessionCompany } from "./sessions";
import { hasControlChars } from "@/lib/validation/text";

export const BASE_PATH = "/customerWeb";

declare module "next-auth" {
  interface User {
    uid: number;
    account: string;
    userType: "DEALER" | "STAFF" | "ADMIN";
    companyId: number | null;
    sid: string;
  }
  interface Session {
    user: { uid: number; account: string; name: string; userType: "DEALER" | "STAFF" | "ADMIN"; companyId: number | null };
    issuedAt: number;
    /** The UserSession row (lib/auth/sessions.ts); absent in cookies issued before sessions existed. */
    sid?: string;
  }
}
declare module "next-auth/jwt" {
  interface JWT {
    uid: number;
    account: string;
    userType: "DEALER" | "STAFF" | "ADMIN";
    companyId: number | null;
    authAt: number;
    sid?: string;
  }
}

export const authOptions: AuthOptions = {
  secret: process.env.NEXTAUTH_SECRET,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: `${BASE_PATH}/system/login`, error: `${BASE_PATH}/system/login` },
  providers: [
    CredentialsProvider({
      id: "credentials",
      name: "Account",
      credentials: { account: { type: "text" }, password: { type: "password" }, companyCode: { type: "text" } },
      // Errors are thrown as codes; the sign-in screen translates them.
      async authorize(credentials, req) {
        const account = String(credentials?.account ?? "");
        const password = String(credentials?.password ?? "");
        // Control characters (NUL above all, which PostgreSQL refuses) can be in no account: refused before any query.
        if (!account || !password || account.length > 50 || password.length > 128 || hasControlChars(account)) throw new Error("INVALID_CREDENTIALS");
        const h = (req?.headers ?? {}) as Record<string, string | undefined>;
        const checked = await attemptSignIn(
          { account, password, companyCode: credentials?.companyCode },
          { ip: clientIp((n) => h[n]), userAgent: h["user-agent"] ?? null, stage: "session" },
        );
        if (!checked.ok) throw new Error(checked.error);
        const u = checked.user;
        return { id: String(u.id), uid: u.id, name: u.name, account: u.account, userType: u.userType, companyId: checked.companyId, sid: checked.sessionId! };
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user, trigger, session }) {
      if (user) {
        token.uid = user.uid;
        token.account = user.account;
        token.userType = user.userType;
        token.companyId = user.companyId;
        token.authAt = Math.floor(Date.now() / 1000);
        token.sid = user.sid;
      }
      // Company switch from the header: re-issue the session for another of the user's companies.
      if (trigger === "update" && session && typeof session.companyCode === "string" && token.userType === "DEALER") {
        const link = await db().userCompany.findFirst({
          where: { userId: token.uid, company: { code: session.companyCode, status: "ACTIVE" } },
          select: { companyId: true },
        });
        if (link) {
          token.companyId = link.companyId;
          await db().user.update({ where: { id: token.uid }, data: { lastCompanyId: link.companyId } });
          if (token.sid) await setSessionCompany(token.sid, link.companyId);
        }
      }
      return token;
    },
    async session({ session, token }) {
      session.user = { uid: token.uid, account: token.account, name: token.name ?? token.account, userType: token.userType, companyId: token.companyId };
      session.issuedAt = token.authAt;
      session.sid = token.sid;
      return session;
    },
  },
  events: {
    // Sign-out ends the session on the server too: a copy of the cookie is refused afterwards.
    async signOut({ token }) {
      if (token?.sid) await revokeSession(token.sid);
    },
  },
};
