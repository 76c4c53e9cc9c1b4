#!/usr/bin/env bash
# Obtains a client-credentials token for the demo ERP client (erp-demo, README "OAuth clients")
# and lists orders with it. The secret is the seed's documented demo constant
# (prisma/seed/oauth.ts, ERP_DEMO_SECRET); pass another client with CLIENT_ID / CLIENT_SECRET.
#   B=http://localhost:3000/customerWeb scripts/oauth-client-token.sh
set -euo pipefail
B=${B:-http://localhost:3000/customerWeb}
CLIENT_ID=${CLIENT_ID:-erp-demo}
CLIENT_SECRET=${CLIENT_SECRET:-dps_erp-demo-secret-change-me-0000000000000}

# HTTP Basic client authentication (client_secret_post, the two as form fields, works too).
TOKEN_JSON=$(curl -sS --fail-with-body -u "$CLIENT_ID:$CLIENT_SECRET" \
  -d grant_type=client_credentials --data-urlencode "scope=orders:read" \
  "$B/api/oauth/token")
ACCESS=$(printf '%s' "$TOKEN_JSON" | jq -r .access_token)
echo "token: type $(printf '%s' "$TOKEN_JSON" | jq -r .token_type), expires in $(printf '%s' "$TOKEN_JSON" | jq -r .expires_in) s, scope \"$(printf '%s' "$TOKEN_JSON" | jq -r .scope)\"" >&2

curl -sS --fail-with-body -H "Authorization: Bearer $ACCESS" -H 'Accept-Language: en-US' \
  "$B/api/v1/orders?type=VEHICLE" | jq "{orders: [.rows[:5][] | {orderNo, status, amount, company: .company.code}]}"
