// Signs in through next-auth's credentials endpoint, as scripts and integration clients do
// (GET csrf, then POST the form), and returns the Cookie header of the session.
function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0]);
}

export async function signInCookie(baseUrl: string, fields: { account: string; password: string; companyCode?: string }): Promise<string> {
  const csrfRes = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const jar = cookiesOf(csrfRes);
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.join("; ") },
    body: new URLSearchParams({ ...fields, companyCode: fields.companyCode ?? "", csrfToken, json: "true" }),
  });
  const session = cookiesOf(res).filter((c) => c.includes("session-token"));
  if (!session.length) throw new Error(`sign-in as ${fields.account} failed: HTTP ${res.status} ${await res.text()}`);
  return [...jar, ...session].join("; ");
}
