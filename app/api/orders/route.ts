import { env } from '@/lib/env';
import { getDb } from '@/lib/db/client';
import { appSecret } from '@/lib/security/secret';
import { jsonError, jsonHeadersRefusal, readJsonBody } from '@/lib/security/json-request';
import { clientAddress } from '@/lib/http/client-address';
import {
  clientBucket,
  consume,
  domainBucket,
  rateLimitedResponse,
  recipientBucket,
  type LimitResult,
} from '@/lib/security/rate-limit';
import {
  hostedOrderRequestSchema,
  orderRequestSchema,
  type OrderConfirmation,
} from '@/lib/shop/checkout/purchase-schema';
import { fieldErrors } from '@/lib/shop/checkout/field-errors';
import { placeOrder } from '@/lib/shop/orders/orders';
import { demoPayments, type HostedPayments } from '@/lib/shop/payments/payment';
import { shopProvider } from '@/lib/shop/payments/provider';
import { localizePath } from '@/lib/i18n/paths';
import { isLocale, defaultLocale } from '@/lib/i18n/locales';
import { downloadPath, libraryPath, signToken } from '@/lib/shop/delivery/tokens';
import { deliverMailNow, startMailWorker } from '@/lib/shop/delivery/mail-worker';
import { logError } from '@/lib/security/log-error';
import { receiptCookie } from '@/lib/shop/checkout/receipt-cookie';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
const MINUTE = 60;
const HOUR = 60 * 60;
const MAX_BODY_BYTES = 4096;

const unavailable = () =>
  jsonError(
    503,
    'unavailable',
    'We could not take your order just now. Nothing was charged; please try again in a moment.',
    { headers: { 'Retry-After': '5' } },
  );

/**
 * POST /api/orders: validates with the purchase form's own schema, records and pays for the
 * order, queues the magic-link email and answers with what the success page needs. Limits:
 * orders per client address (from the connection, lib/http/client-address.ts), order emails
 * per recipient mailbox, and, with the demo provider, per recipient domain. Every refusal is a 4xx JSON error; a database that is down is a 503.
 */
export async function POST(request: Request) {
  const { limits, siteUrl } = env();
  // What the headers alone refuse, then the client's limit, then the body: past the limit the body
  // is never waited for (docs/security.md, third review, finding 1).
  const refusal = jsonHeadersRefusal(request, { siteUrl, maxBytes: MAX_BODY_BYTES });
  if (refusal) return refusal;
  let db;
  try {
    db = await getDb();
  } catch {
    return unavailable();
  }
  let perClient;
  try {
    perClient = await consume(db, {
      bucket: clientBucket('order', clientAddress(request)),
      limit: limits.ordersPerMinute,
      windowSeconds: MINUTE,
    });
  } catch {
    return unavailable();
  }
  if (!perClient.ok)
    return rateLimitedResponse(perClient, 'Too many orders from this address. Please wait a moment and try again.');

  const body = await readJsonBody(request, { siteUrl, maxBytes: MAX_BODY_BYTES });
  if (!body.ok) return body.response;

  const idempotencyKey = request.headers.get('idempotency-key') ?? undefined;
  if (idempotencyKey !== undefined && !KEY_PATTERN.test(idempotencyKey)) {
    return jsonError(
      400,
      'invalid_idempotency_key',
      'Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores.',
    );
  }
  const provider = shopProvider();
  const parsed = (provider.name === 'demo' ? orderRequestSchema : hostedOrderRequestSchema).safeParse(body.body);
  if (!parsed.success) {
    return jsonError(422, 'invalid_order', 'Please correct the highlighted fields.', {
      fields: fieldErrors(parsed.error),
    });
  }
  const input = parsed.data;
  // The page's language: Stripe's page speaks it, and the buyer comes back to a page in it.
  const locale = isLocale(input.locale) ? input.locale : defaultLocale;
  const payments: HostedPayments | typeof demoPayments =
    provider.name === 'demo'
      ? demoPayments
      : {
          checkout: provider.checkout,
          locale,
          returnUrls: (orderId) => ({
            successUrl: `${siteUrl}${localizePath('/success', locale)}?order=${orderId}`,
            cancelUrl: `${siteUrl}${localizePath(`/the-love-blueprint/${input.editionId}`, locale)}?checkout=cancelled`,
          }),
        };

  let perRecipient: LimitResult = { ok: true };
  let perDomain: LimitResult = { ok: true };
  let result;
  try {
    result = await placeOrder(
      db,
      {
        editionId: input.editionId,
        name: input.name,
        email: input.email,
        paymentMethod: input.paymentMethod,
        cardNumber: input.cardNumber,
        locale,
      },
      {
        idempotencyKey,
        payments,
        // Past it nothing is stored and no email goes out: the shop is no relay for mail to one address.
        admit: async () => {
          perRecipient = await consume(db, {
            bucket: recipientBucket('order', input.email),
            limit: limits.emailsPerHour,
            windowSeconds: HOUR,
          });
          // Demo orders cost nothing, so one domain's mailboxes (a catch-all) are limited together
          // too; with a real provider each email follows a payment (README, DEMO_DOMAIN_LIMIT_PER_HOUR).
          if (perRecipient.ok && provider.name === 'demo')
            perDomain = await consume(db, {
              bucket: domainBucket('order', input.email),
              limit: limits.demoEmailsPerDomainPerHour,
              windowSeconds: HOUR,
            });
          return perRecipient.ok && perDomain.ok;
        },
      },
    );
  } catch (error) {
    logError('Order could not be stored', error);
    return unavailable();
  }

  if (!result.ok) {
    switch (result.error) {
      case 'unknown_edition':
      case 'edition_unavailable':
        return jsonError(422, 'invalid_order', 'Please correct the highlighted fields.', {
          fields: { editionId: 'Choose an edition of the book.' },
        });
      case 'idempotency_conflict':
        return jsonError(409, 'idempotency_conflict', 'This Idempotency-Key was already used for a different order.');
      case 'in_flight':
        return jsonError(
          409,
          'in_flight',
          'This order is still being processed. Please wait a moment before trying again.',
          { headers: { 'Retry-After': '1' } },
        );
      case 'rate_limited':
        if (!perDomain.ok)
          return rateLimitedResponse(
            perDomain,
            'We have sent many orders to addresses at this email domain in the last hour. Please try again later.',
          );
        return rateLimitedResponse(
          perRecipient.ok ? { retryAfterSeconds: HOUR } : perRecipient,
          'We have sent several orders to this email address in the last hour. Please try again later.',
        );
      case 'payment_declined':
        return jsonError(402, 'payment_declined', 'The payment was declined. Nothing was charged.');
      case 'checkout_ended':
        return jsonError(
          409,
          'checkout_ended',
          'This checkout has ended. Nothing was charged; please place the order again.',
        );
      case 'method_unavailable':
        return jsonError(
          422,
          'payment_method_unavailable',
          'This payment method is not available right now. Nothing was charged; please choose another.',
          {
            fields: { paymentMethod: 'paymentUnavailable' },
          },
        );
      case 'tax_location_invalid':
        // Stripe Tax cannot place the buyer: the order ended failed, nothing was charged (issue 49 E).
        return jsonError(
          422,
          'tax_location_invalid',
          'We could not determine your country for VAT. Nothing was charged. Please check your billing address and try again.',
          { fields: { paymentMethod: 'taxLocationInvalid' } },
        );
    }
  }

  startMailWorker();
  if (!result.replayed) void deliverMailNow();

  const { order } = result;
  // A pending order's link is signed now and opens once the payment is confirmed.
  const link = signToken(order.id, appSecret());
  return Response.json(
    {
      orderId: order.id,
      productId: order.edition,
      name: order.name,
      email: order.email,
      paymentMethod: order.payment_method,
      cardLast4: order.card_last4,
      downloadUrl: downloadPath(link.token, order.edition),
      libraryUrl: libraryPath(link.token),
      expiresAt: new Date(link.expiresAt).toISOString(),
      status: order.status === 'paid' ? 'paid' : 'pending',
      ...(result.checkoutUrl ? { checkoutUrl: result.checkoutUrl } : {}),
    } satisfies OrderConfirmation,
    {
      status: result.replayed ? 200 : 201,
      headers: {
        'Cache-Control': 'no-store',
        // Back from Stripe, this browser (and only it) is shown the receipt on /success.
        ...(result.checkoutUrl
          ? {
              'Set-Cookie': receiptCookie(order.id, appSecret(), request.headers.get('x-forwarded-proto') === 'https'),
            }
          : {}),
      },
    },
  );
}
