// npm run setup:admin — creates the first administrator of a database that has none (a real
// DATABASE_URL gets no demo accounts). Asks for the account, name and password (twice), or
// takes ADMIN_ACCOUNT, ADMIN_NAME and ADMIN_PASSWORD from the environment for scripted
// installs. Refuses to run when an administrator exists: later ones are made on System → Users.
// Applies the migrations and the reference data first, so it also works on an empty database.
import readline from "node:readline";
import pg from "pg";
import { hashPassword } from "@/lib/auth/password";
import { PASSWORD_MAX } from "@/lib/auth/account-rules";
import { ensureDatabase, redact } from "./lib/database";
import { applyMigrations } from "./lib/migrations";
import { main, onCleanup, StepError } from "./lib/proc";
import { ensurePrismaClient, runSeed } from "./lib/stack";

/** Never below 8, whatever the system variable says. */
const ADMIN_PASSWORD_MIN = 8;
const ACCOUNT_RE = /^[A-Za-z0-9._@-]{3,50}$/;

/** Why a password is refused, or null. */
function adminPasswordProblem(password: string, account: string, minLength: number): string | null {
  const min = Math.max(ADMIN_PASSWORD_MIN, minLength);
  if (password.length < min) return `the password needs at least ${min} characters`;
  if (password.length > PASSWORD_MAX) return `the password may have at most ${PASSWORD_MAX} characters`;
  if (password.toLowerCase().includes(account.toLowerCase())) return "the password must not contain the account";
  if (new Set(password).size < 4) return "the password is too repetitive";
  return null;
}

function ask(rl: readline.Interface, question: string, hidden = false): Promise<string> {
  return new Promise((resolve) => {
    const output = rl as unknown as { _writeToOutput?: (s: string) => void; output: NodeJS.WriteStream };
    if (hidden) {
      // Echo nothing while the password is typed.
      output._writeToOutput = (s: string) => {
        if (s.includes(question)) output.output.write(s);
      };
    }
    rl.question(question, (answer) => {
      if (hidden) {
        delete output._writeToOutput;
        output.output.write("\n");
      }
      resolve(answer.trim());
    });
  });
}

async function answers(minLength: number): Promise<{ account: string; name: string; password: string }> {
  const env = process.env;
  if (env.ADMIN_PASSWORD) {
    const account = env.ADMIN_ACCOUNT ?? "admin";
    return { account, name: env.ADMIN_NAME ?? "Administrator", password: env.ADMIN_PASSWORD };
  }
  if (!process.stdin.isTTY) throw new StepError("no terminal to ask in: set ADMIN_ACCOUNT, ADMIN_NAME and ADMIN_PASSWORD");
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    const account = (await ask(rl, "Account [admin]: ")) || "admin";
    const name = (await ask(rl, "Name [Administrator]: ")) || "Administrator";
    for (;;) {
      const password = await ask(rl, `Password (at least ${Math.max(ADMIN_PASSWORD_MIN, minLength)} characters): `, true);
      const problem = adminPasswordProblem(password, account, minLength);
      if (problem) {
        console.log(`  ${problem}; try again`);
        continue;
      }
      if ((await ask(rl, "Password again: ", true)) !== password) {
        console.log("  the two passwords differ; try again");
        continue;
      }
      return { account, name, password };
    }
  } finally {
    rl.close();
  }
}

async function minLengthOf(client: pg.Client): Promise<number> {
  const { rows } = await client
    .query<{ value: string }>(`select value from "SystemVariableDefault" where key = 'password.minLength'`)
    .catch(() => ({ rows: [] as { value: string }[] }));
  const n = Number(rows[0]?.value);
  return Number.isInteger(n) ? n : ADMIN_PASSWORD_MIN;
}

main(async () => {
  const db = await ensureDatabase();
  onCleanup(db.stop);
  await applyMigrations(db.url);
  await ensurePrismaClient();
  await runSeed(db.url, { demo: false }); // roles, menus and the headquarters must exist

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  onCleanup(() => client.end());
  const existing = await client.query<{ account: string }>(
    `select u.account from "User" u join "UserRole" ur on ur."userId" = u.id join "Role" r on r.id = ur."roleId"
      where r.code = 'ADMIN' order by u.id limit 1`,
  );
  if (existing.rows[0]) {
    throw new StepError(
      `${redact(db.url)} has an administrator already (${existing.rows[0].account}): setup:admin runs only once. ` +
        "Sign in as that administrator and add users on System → Users.",
    );
  }

  const minLength = await minLengthOf(client);
  const { account, name, password } = await answers(minLength);
  if (!ACCOUNT_RE.test(account)) throw new StepError("the account may have 3 to 50 letters, digits and . _ @ -");
  if (!name || name.length > 50) throw new StepError("the name needs 1 to 50 characters");
  const problem = adminPasswordProblem(password, account, minLength);
  if (problem) throw new StepError(problem);
  const passwordHash = await hashPassword(password);

  // One transaction under a lock: two setups started at once make one administrator.
  await client.query("begin");
  try {
    await client.query("select pg_advisory_xact_lock(hashtext('dealer-platform:setup-admin'))");
    const again = await client.query(`select 1 from "User" u join "UserRole" ur on ur."userId" = u.id join "Role" r on r.id = ur."roleId" where r.code = 'ADMIN' limit 1`);
    if (again.rowCount) throw new StepError("another setup:admin created an administrator meanwhile: setup:admin runs only once");
    const taken = await client.query(`select 1 from "User" where account = $1`, [account]);
    if (taken.rowCount) throw new StepError(`the account ${account} exists already: choose another`);
    const { rows } = await client.query<{ id: number }>(
      `insert into "User" (account, name, "userType", status, "passwordHash", "organizationId", "updatedAt")
       values ($1, $2, 'ADMIN', 'ACTIVE', $3, (select id from "Organization" where code = 'HQ'), now()) returning id`,
      [account, name, passwordHash],
    );
    await client.query(`insert into "UserRole" ("userId", "roleId") select $1, id from "Role" where code = 'ADMIN'`, [rows[0].id]);
    await client.query("commit");
  } catch (err) {
    await client.query("rollback");
    throw err;
  }
  console.log(`\n  administrator ${account} created on ${redact(db.url)}: sign in at /customerWeb/system/login\n`);
});
