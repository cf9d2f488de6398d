import { StatusBadge } from '@/components/merchant/status-badge';
import type { PublicWebhookEndpoint } from '@/lib/webhooks/schemas';
import type { DevelopersText } from '../text';

/** An endpoint's state as two badges: enabled or disabled (and why), healthy or failing. */
export function EndpointState({ t, endpoint }: { t: DevelopersText; endpoint: Pick<PublicWebhookEndpoint, 'enabled' | 'disabledReason' | 'health'> }) {
  const reason = endpoint.disabledReason ? t.webhooks.disabledReasons[endpoint.disabledReason] : undefined;
  return (
    <span className="mcd-row-actions">
      <StatusBadge tone={endpoint.enabled ? 'success' : 'neutral'} label={endpoint.enabled ? t.webhooks.enabled : reason ? `${t.webhooks.disabled}: ${reason}` : t.webhooks.disabled} />
      {endpoint.enabled && <StatusBadge tone={endpoint.health === 'healthy' ? 'info' : 'danger'} label={t.webhooks.health[endpoint.health]} />}
    </span>
  );
}
