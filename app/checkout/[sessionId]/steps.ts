/**
 * POSTs to a browser step of the session (ops 26, 28, 29, 30) and returns its data or its error: the
 * checkout page's steps, and the projection the Stripe and Alipay pages poll until the provider confirmed.
 */
export async function step<T>(sessionId: string, name: 'projection' | 'return' | 'continue' | 'cancel', body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`/api/v1/hosted/checkout/${encodeURIComponent(sessionId)}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    cache: 'no-store',
  });
  const json = (await res.json().catch(() => null)) as { data?: T; error?: { code: string; issues?: { path: string; code: string }[] } } | null;
  if (res.ok && json?.data) return { ok: true as const, data: json.data };
  const fields: Record<string, string> = {};
  for (const i of json?.error?.issues ?? []) fields[i.path] = i.code;
  return { ok: false as const, failure: { code: json?.error?.code ?? 'other', fields } };
}
