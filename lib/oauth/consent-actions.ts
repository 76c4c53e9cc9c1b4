"use server";

import { z } from "zod";
import { action } from "@/lib/actions/action";
import { DomainError } from "@/lib/errors";
import { authorizeParams, decideAuthorize } from "./server";

// The consent page's answer (app/(auth)/oauth/authorize): a server action, so only the app's
// own pages can post it (Next checks the Origin of every action). Allow issues the code through
// the library's authorize handler, Deny its access_denied; both answer the client's redirect
// URI with the state, which the page then opens. A request the page would show as an error
// (unknown client, unregistered redirect URI) answers the `failed` message, never a redirect.

const ZParam = z.string().max(2000).optional();

const ZConsent = z.object({
  params: z.object({
    response_type: ZParam,
    client_id: ZParam,
    redirect_uri: ZParam,
    scope: ZParam,
    state: ZParam,
    code_challenge: ZParam,
    code_challenge_method: ZParam,
  }),
  companyId: z.number().int().positive().nullable(),
  allow: z.boolean(),
});

export const consentAction = action({ permission: null, schema: ZConsent, labels: "OAuth" }, async (input, { viewer }) => {
  // The company the token acts in: one of the signed-in dealer's (the session's by default);
  // staff and administrators act in none (their data scope).
  let companyId: number | null = null;
  if (viewer.userType === "DEALER") {
    companyId = input.companyId ?? viewer.company?.id ?? null;
    if (!viewer.companies.some((c) => c.id === companyId)) throw new DomainError("OAuth.invalidCompany", {}, "companyId");
  }
  const decided = await decideAuthorize(authorizeParams(input.params), { id: viewer.userId, companyId }, input.allow);
  if (!decided) throw new DomainError("OAuth.failed");
  return { location: decided.location };
});
