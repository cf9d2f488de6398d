import {
  HostedBrowserCancelRequest,
  HostedBrowserContextRequest,
  HostedBrowserReturn,
  HostedCheckoutBrowserProjection,
  HostedCheckoutSession,
  HostedCheckoutSessionCreateRequest,
  SessionIdParams,
} from '../checkout/schemas';
import { dataEnvelope } from '../schemas/common';
import { defineOperation } from './types';

const SessionResponse = dataEnvelope(HostedCheckoutSession, 'HostedCheckoutSessionResponse');
const ProjectionResponse = dataEnvelope(HostedCheckoutBrowserProjection, 'HostedCheckoutBrowserProjectionResponse');

const sessionLife =
  'States: `open -> completed | cancelled | expired`; an open session past `expiresAt` reads as `expired` and its reserved stock goes back. ';

export const createHostedCheckoutSession = defineOperation({
  id: 'createHostedCheckoutSession',
  method: 'POST',
  path: '/api/v1/open/hosted/checkout/sessions',
  summary: 'Create a hosted checkout session from a cart',
  description:
    'Extension. Takes the checkout quote now and pins it to a new session, reserves the stock of every line until the session ends, and moves the cart to `checking_out`. ' +
    'Send the shopper’s browser to `url`: the service’s own pages take the payment, place the order and send the shopper back to `returnUrl` (or `cancelUrl`) with `session_id` appended. ' +
    'Refused with 409 `cart_not_active` (completed or abandoned cart), `checkout_in_progress` (the cart already has an open session), `cart_empty`, `address_token_stale`, `cart_version_conflict`, `sku_unavailable`, ' +
    'and `insufficient_stock` when another session took the last units first. `returnUrl`/`cancelUrl` must be absolute https URLs (http only for localhost outside production) on an origin registered for the installation ' +
    '(`npm run checkout:origins -- add <installationId> <origin>`), else 400 `return_url_not_allowed`. Sessions created with a test key (`livemode: false`) accept the test cards. ' +
    'An optional `email` (extension) is the shopper’s for the receipt; without it the checkout page asks for it before payment, and the order carries it. ' +
    sessionLife,
  tag: 'Hosted checkout',
  stability: 'candidate',
  extension: true,
  auth: { kind: 'apiKey', scopes: ['checkout:write'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  body: HostedCheckoutSessionCreateRequest,
  requestName: 'HostedCheckoutSessionCreateRequest',
  response: SessionResponse,
  responseName: 'HostedCheckoutSessionResponse',
  errors: [
    'cart_not_found',
    'cart_not_active',
    'checkout_in_progress',
    'cart_empty',
    'cart_version_conflict',
    'address_token_stale',
    'sku_unavailable',
    'insufficient_stock',
    'return_url_not_allowed',
  ],
});

export const getHostedCheckoutSession = defineOperation({
  id: 'getHostedCheckoutSession',
  method: 'GET',
  path: '/api/v1/open/hosted/checkout/sessions/{sessionId}',
  summary: 'Get a hosted checkout session',
  description:
    'The merchant’s full view: state, step, the pinned quote, payment status (method, card brand and last 4, decline code), the order id and number once placed, timestamps and the return/cancel URLs. ' +
    sessionLife +
    'Another installation’s session, or an unknown id, is 404 `checkout_session_not_found`.',
  tag: 'Hosted checkout',
  stability: 'stable',
  auth: { kind: 'apiKey', scopes: ['catalog:read'] },
  idempotency: 'none',
  rateLimit: 'keyRead',
  params: SessionIdParams,
  response: SessionResponse,
  responseName: 'HostedCheckoutSessionResponse',
  errors: ['checkout_session_not_found'],
});

const browserStep = {
  tag: 'Hosted checkout',
  stability: 'candidate',
  auth: { kind: 'none' },
  rateLimit: 'hosted',
  params: SessionIdParams,
} as const;

const capability =
  'No credentials: the session id (192 random bits) is the capability. An unknown id is 404 `checkout_session_not_found`. Rate limited per session (policy `hosted`). ';

export const getHostedCheckoutBrowserProjection = defineOperation({
  ...browserStep,
  id: 'getHostedCheckoutBrowserProjection',
  method: 'POST',
  path: '/api/v1/hosted/checkout/{sessionId}/projection',
  summary: 'Get the browser view of a hosted checkout session',
  description:
    capability +
    'The shopper’s view in any state: store name, lines (title, image, quantity, unit and line amounts), totals, the masked address (given name, city, last 4 of the phone), the masked receipt e-mail (extension), the current step, the payment methods offered and `expiresAt`. No internal ids. ' +
    sessionLife,
  idempotency: 'none',
  body: HostedBrowserContextRequest,
  requestName: 'HostedBrowserContextRequest',
  response: ProjectionResponse,
  responseName: 'HostedCheckoutBrowserProjectionResponse',
  errors: ['checkout_session_not_found'],
});

export const returnHostedCheckoutBrowser = defineOperation({
  ...browserStep,
  id: 'returnHostedCheckoutBrowser',
  method: 'POST',
  path: '/api/v1/hosted/checkout/{sessionId}/return',
  summary: 'Return the shopper to the merchant',
  description: capability + 'Where to send the browser now: `returnUrl` once the session is completed, `cancelUrl` otherwise, with `session_id` appended.',
  idempotency: 'none',
  body: HostedBrowserContextRequest,
  requestName: 'HostedBrowserContextRequest',
  response: dataEnvelope(HostedBrowserReturn, 'HostedBrowserReturnResponse'),
  responseName: 'HostedBrowserReturnResponse',
  errors: ['checkout_session_not_found'],
});

export const continueHostedCheckoutBrowser = defineOperation({
  ...browserStep,
  id: 'continueHostedCheckoutBrowser',
  method: 'POST',
  path: '/api/v1/hosted/checkout/{sessionId}/continue',
  summary: 'Continue to the next hosted checkout step',
  description:
    capability +
    'Moves the session one step on: `review -> payment` with the shopper’s `email` (extension; required when the session has none, 400 `validation_failed` at `body.email` otherwise), then `payment -> completed` with `paymentMethod` (and `card` for `test_card`). ' +
    'Send the step the page shows: a session already past it answers its current view and changes nothing, so a double submission is harmless and two concurrent continues place one order and one charge. ' +
    'Test cards (test-mode sessions only; any future expiry, any 3-digit CVC): 4242 4242 4242 4242 succeeds (order `paid`), 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds; ' +
    'a decline answers 200 with `payment.status: declined` and `payment.declineCode`, and the shopper may retry. `manual` places the order `pending_payment`. ' +
    'Card numbers failing the Luhn check, past expiry dates and malformed CVCs are 400 `card_invalid` with issues; only the brand and last 4 digits are ever stored. ' +
    'A cancelled or expired session is 409 `checkout_session_not_open` with `details.state`.',
  idempotency: 'none',
  body: HostedBrowserContextRequest,
  requestName: 'HostedBrowserContextRequest',
  response: ProjectionResponse,
  responseName: 'HostedCheckoutBrowserProjectionResponse',
  errors: ['checkout_session_not_found', 'checkout_session_not_open', 'payment_method_unavailable', 'card_invalid'],
});

export const cancelHostedCheckoutBrowser = defineOperation({
  ...browserStep,
  id: 'cancelHostedCheckoutBrowser',
  method: 'POST',
  path: '/api/v1/hosted/checkout/{sessionId}/cancel',
  summary: 'Cancel a hosted checkout session from the browser',
  description:
    capability +
    '`open -> cancelled`: the reserved stock goes back and the cart is `active` again. Cancelling a cancelled session answers the same view again; a completed or expired one is 409 `checkout_session_not_open`.',
  idempotency: 'required',
  body: HostedBrowserCancelRequest,
  requestName: 'HostedBrowserCancelRequest',
  response: ProjectionResponse,
  responseName: 'HostedCheckoutBrowserProjectionResponse',
  errors: ['checkout_session_not_found', 'checkout_session_not_open'],
});

export const hostedCheckoutOperations = {
  createHostedCheckoutSession,
  getHostedCheckoutSession,
  getHostedCheckoutBrowserProjection,
  returnHostedCheckoutBrowser,
  continueHostedCheckoutBrowser,
  cancelHostedCheckoutBrowser,
} as const;
